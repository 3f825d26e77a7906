import { describe, expect, it } from 'vitest';

import { checkOutboundHost, parseOutboundAllowList, pinnedSmtpTarget } from './outbound-address';

/** A resolver that answers from a table, as DNS would. */
const dns = (table: Record<string, string[]>) => (host: string) => {
  const found = table[host];
  return found ? Promise.resolve(found) : Promise.reject(new Error('ENOTFOUND'));
};
const strict = { allowed: [] };

describe('checkOutboundHost (decision 0032)', () => {
  it.each([
    ['127.0.0.1', 'loopback'], ['::1', 'IPv6 loopback'], ['169.254.169.254', 'the cloud metadata service'], ['10.1.2.3', 'private'],
    ['172.16.0.9', 'private'], ['192.168.1.1', 'private'], ['100.64.0.1', 'carrier-grade NAT'], ['0.0.0.0', 'unspecified'],
    ['fd00::1', 'unique local'], ['fe80::1', 'link-local'], ['::ffff:127.0.0.1', 'IPv4-mapped loopback'], ['224.0.0.1', 'multicast'],
  ])('refuses %s (%s)', async (address) => {
    expect(await checkOutboundHost(address, strict, dns({}))).toEqual({ ok: false });
  });

  it('allows a public address, and a name that resolves only to public addresses, connecting to the address checked', async () => {
    expect(await checkOutboundHost('203.0.114.10', strict, dns({}))).toEqual({ ok: true, address: '203.0.114.10' });
    expect(await checkOutboundHost('smtp.example.net', strict, dns({ 'smtp.example.net': ['198.51.101.7', '2001:4860::8'] }))).toEqual({ ok: true, address: '198.51.101.7' });
  });

  it('refuses a name with any private address among its answers, a name that does not resolve, and a decimal spelling of loopback', async () => {
    const table = { 'rebind.example': ['198.51.101.7', '127.0.0.1'], '2130706433': ['127.0.0.1'] };
    expect(await checkOutboundHost('rebind.example', strict, dns(table))).toEqual({ ok: false });
    expect(await checkOutboundHost('nowhere.invalid', strict, dns(table))).toEqual({ ok: false });
    expect(await checkOutboundHost('2130706433', strict, dns(table))).toEqual({ ok: false });
  });

  it('allows what the installation names: a host, a range, an address', async () => {
    const policy = { allowed: parseOutboundAllowList(' relay.internal , 10.20.0.0/16,127.0.0.1') };
    expect(policy.allowed).toEqual(['relay.internal', '10.20.0.0/16', '127.0.0.1']);
    expect(await checkOutboundHost('RELAY.internal', policy, dns({ 'RELAY.internal': ['192.168.5.5'] }))).toEqual({ ok: true, address: '192.168.5.5' });
    expect(await checkOutboundHost('10.20.3.4', policy, dns({}))).toEqual({ ok: true, address: '10.20.3.4' });
    expect(await checkOutboundHost('10.21.3.4', policy, dns({}))).toEqual({ ok: false });
    expect(await checkOutboundHost('127.0.0.1', policy, dns({}))).toEqual({ ok: true, address: '127.0.0.1' });
  });

  it('pins a target to its checked address and keeps the name for the certificate', async () => {
    const pinned = await pinnedSmtpTarget({ host: '203.0.114.10', port: 587 }, strict);
    expect(pinned).toEqual({ host: '203.0.114.10', port: 587 });
    expect(await pinnedSmtpTarget({ host: '127.0.0.1', port: 25 }, strict)).toBeNull();
  });
});
