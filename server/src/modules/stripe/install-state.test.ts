import { describe, expect, it } from 'vitest';

import { installStateKey } from '../../lib/derived-keys';

import { createInstallState, INSTALL_STATE_TTL_SECONDS, readInstallState } from './install-state';

const key = installStateKey(Buffer.alloc(32, 3));
const who = { orgId: '5b0e7c1a-7d7e-4a52-9d1c-0c6a8f3f2e11', userId: 'a3c1f6de-2b4e-4c8a-8f0e-1d2c3b4a5f60' };
const at = new Date('2026-11-24T10:00:00Z');

describe('install states', () => {
  it('read back as made until they expire, each with its own nonce', () => {
    const made = createInstallState(key, who, at);
    expect(made.expiresAt.toISOString()).toBe('2026-11-24T10:30:00.000Z');
    const read = readInstallState(key, made.state, new Date(at.getTime() + (INSTALL_STATE_TTL_SECONDS - 1) * 1000));
    if (!read.ok) throw new Error(`refused: ${read.reason}`);
    expect(read.state).toMatchObject({ ...who, expiresAt: made.expiresAt.getTime() / 1000 });
    expect(read.state.nonce).toMatch(/^[\w-]{22}$/);
    expect(readInstallState(key, made.state, made.expiresAt)).toEqual({ ok: false, reason: 'expired' });
    expect(createInstallState(key, who, at).state).not.toBe(made.state);
  });

  it('refuse an altered payload, another key and what is not a state at all', () => {
    const { state } = createInstallState(key, who, at);
    const [body, mac] = state.split('.');
    const altered = Buffer.from(Buffer.from(body ?? '', 'base64url').toString().replace(who.orgId, '00000000-0000-4000-8000-000000000000')).toString('base64url');
    expect(readInstallState(key, `${altered}.${mac}`, at)).toEqual({ ok: false, reason: 'forged' });
    expect(readInstallState(installStateKey(Buffer.alloc(32, 4)), state, at)).toEqual({ ok: false, reason: 'forged' });
    expect(readInstallState(key, 'not-a-state', at)).toEqual({ ok: false, reason: 'malformed' });
    expect(readInstallState(key, `${state}.extra`, at)).toEqual({ ok: false, reason: 'malformed' });
  });
});
