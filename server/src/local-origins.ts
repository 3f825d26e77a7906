import { networkInterfaces } from 'node:os';

/**
 * The origins a browser on this machine (or this network) uses to reach a server listening on
 * `port`, for when no PUBLIC_URL says which one users type. A sign-in from `http://127.0.0.1:3000`
 * must work as well as one from `http://localhost:3000` (docs/decisions/0010-origins.md).
 *
 * Trusting them is safe: an Origin names the page that sent the request, and each of these
 * is this very server, so no other site can borrow them.
 */
export function localOrigins(port: number, host: string): string[] {
  const loopback = ['localhost', '127.0.0.1', '[::1]'];
  // Bound to every interface, the server is also reachable at the machine's LAN addresses.
  const everywhere = host === '0.0.0.0' || host === '::';
  const lan = everywhere ? interfaceAddresses() : [host].filter((h) => !loopback.includes(h));
  return [...new Set([...loopback, ...lan])].map((h) => `http://${h}:${port}`);
}

function interfaceAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((infos) => infos ?? [])
    .filter((info) => !info.internal)
    .map((info) => (info.family === 'IPv6' ? `[${info.address.split('%', 1)[0]}]` : info.address));
}
