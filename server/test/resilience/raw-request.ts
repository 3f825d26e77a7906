import { request } from 'node:http';

import type { ApiAnswer, ApiHeaders, ApiTarget } from '../support';

/**
 * One request with its path sent byte for byte. The suite's API client goes through fetch, whose
 * URL parser resolves `..`, `./` and their `%2e` spellings and turns `\` into `/` before anything
 * is sent, so the path spellings a hostile client would write cannot be sent with it; only those
 * go through here (docs/testing.md keeps everything else on the client). The answer has the
 * client's shape so the same checks read both.
 */
export function rawRequest(target: ApiTarget, method: string, path: string, body: unknown, headers: ApiHeaders = {}): Promise<ApiAnswer> {
  const url = new URL(target.baseUrl);
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: {
          origin: target.origin,
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const bytes = new Uint8Array(Buffer.concat(chunks));
          const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const v of [value ?? []].flat()) answerHeaders.append(name, v);
          }
          const isJson = /json/.test(answerHeaders.get('content-type') ?? '') && text !== '';
          resolve({ request: `${method} ${path}`, status: res.statusCode ?? 0, headers: answerHeaders, body: isJson ? (JSON.parse(text) as unknown) : null, text, bytes });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Whether fetch would send `path` unchanged: if not, only rawRequest can. */
export function fetchKeeps(path: string): boolean {
  return new URL(path, 'http://127.0.0.1').pathname + new URL(path, 'http://127.0.0.1').search === path;
}
