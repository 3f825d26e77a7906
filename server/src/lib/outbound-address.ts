import { lookup } from 'node:dns/promises';

import ipaddr from 'ipaddr.js';

/**
 * Which hosts an organisation may make the server connect to (its own mail server, and any later
 * webhook target): public addresses only, unless the installation allows a host or range by name
 * (SMTP_ALLOWED_HOSTS, for a self-hoster's own relay on the private network). Decision 0032.
 */
export interface OutboundPolicy {
  /** Host names (exact, any case) and address ranges (CIDR, or one address) allowed though not public. */
  allowed: readonly string[];
}

export type OutboundCheck = { ok: true; address: string } | { ok: false };

type Resolve = (host: string) => Promise<string[]>;

const resolveAll: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Whether an address is one the public internet routes: not loopback, private, link-local (the cloud metadata service), CGNAT, multicast… */
function isPublic(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  return address.range() === 'unicast';
}

function inAllowedRange(address: ipaddr.IPv4 | ipaddr.IPv6, allowed: readonly string[]): boolean {
  return allowed.some((entry) => {
    try {
      const [range, bits] = entry.includes('/') ? ipaddr.parseCIDR(entry) : [ipaddr.parse(entry), address.kind() === 'ipv4' ? 32 : 128];
      return range.kind() === address.kind() && address.match(range, bits);
    } catch {
      return false;
    }
  });
}

/**
 * The address to connect to for `host`, after resolving it, or a refusal: every address the name
 * has must be allowed (the system may pick any), and the caller connects to the one returned, not
 * to the name again, so a second lookup cannot swap in another address (DNS rebinding). A host
 * the installation names in the policy is allowed whatever it resolves to.
 */
export async function checkOutboundHost(host: string, policy: OutboundPolicy, resolve: Resolve = resolveAll): Promise<OutboundCheck> {
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host) ? [host] : await resolve(host);
  } catch {
    return { ok: false };
  }
  const parsed = addresses.flatMap((a) => (ipaddr.isValid(a) ? [ipaddr.process(a)] : []));
  const [first] = parsed;
  if (!first || parsed.length !== addresses.length) return { ok: false };
  const namedHost = policy.allowed.some((entry) => entry.toLowerCase() === host.toLowerCase());
  if (!namedHost && !parsed.every((a) => isPublic(a) || inAllowedRange(a, policy.allowed))) return { ok: false };
  return { ok: true, address: first.toString() };
}

/** SMTP_ALLOWED_HOSTS: a comma-separated list of host names and ranges. */
export function parseOutboundAllowList(value: string | undefined): string[] {
  return (value ?? '').split(',').map((s) => s.trim()).filter((s) => s.length > 0);
}

/**
 * An organisation's mail server as the sender may reach it: pinned to the address its name resolved
 * to and the policy allowed, the certificate still checked against the name; null when refused.
 */
export async function pinnedSmtpTarget<T extends { host: string; tlsServername?: string }>(
  target: T,
  policy: OutboundPolicy,
): Promise<T | null> {
  const check = await checkOutboundHost(target.host, policy);
  if (!check.ok) return null;
  return check.address === target.host ? target : { ...target, host: check.address, tlsServername: target.host };
}

/** Why an organisation's mail server is not used, in words a person can act on. */
export const OUTBOUND_REFUSAL =
  'is refused by this server\'s policy: it does not connect to private, loopback or link-local addresses (an administrator can allow a host with SMTP_ALLOWED_HOSTS)';
