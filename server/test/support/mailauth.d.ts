// mailauth ships no types; these are the few the tests use (mailauth 4.9, lib/dkim/verify.js).
declare module 'mailauth/lib/dkim/verify.js' {
  export interface DkimResult {
    signingDomain: string;
    selector: string;
    status: { result: 'pass' | 'fail' | 'neutral' | 'policy' | 'temperror' | 'permerror' | 'none'; comment?: string; aligned?: string | false };
  }
  export function dkimVerify(
    input: string | Buffer,
    options?: { resolver?: (name: string, rrtype: string) => Promise<string[][]> },
  ): Promise<{ results: DkimResult[] }>;
}
