import { describe, expect, it } from 'vitest';

import { auditDescription, auditSentence } from './audit-sentence';
import { auditFieldChanges } from './audit-values';

describe('auditSentence', () => {
  it('says what changed, naming the customer where the screen links it', () => {
    expect(auditSentence({ action: 'customer.pause', before: { standing: 'single_missed' }, after: { standing: 'paused', paused_until: '2026-12-01', reason: 'promise' } }))
      .toEqual(['paused chasing for ', { customer: true }, ' until 2026-12-01', ' (promised to pay)']);
    expect(auditDescription({ action: 'customer.tags', before: { tags: ['VIP'] }, after: { tags: ['Slow payer'] } }, 'Acme Ltd'))
      .toBe('changed the tags of Acme Ltd: added Slow payer; removed VIP');
  });

  it('words settings in the screens’ own terms, and a secret change without the secret', () => {
    const mode = { action: 'settings.email.sending_mode.update', before: { sending_mode: 'dryrun' }, after: { sending_mode: 'sending' } };
    expect(auditDescription(mode, null)).toBe('changed the sending mode from Dry run to Sending');
    const password = { action: 'settings.email.mail_server.update', before: { password: '[redacted]' }, after: { password: '[redacted]' } };
    expect(auditDescription(password, null)).toBe('changed the mail server’s password');
    expect(auditFieldChanges(password.before, password.after)).toEqual([{ field: 'password', label: 'Password', before: 'hidden', after: 'hidden' }]);
  });

  it('names the person a team change is about, in the roles’ own words', () => {
    const role = { action: 'team.member.role', before: { name: 'Sam Lee', email: 'sam@acme.test', role: 'member' }, after: { role: 'admin' } };
    expect(auditDescription(role, null)).toBe('changed the role of Sam Lee from Member to Admin');
    expect(auditDescription({ action: 'team.member.join', before: null, after: { name: 'Casey', email: 'c@acme.test', role: 'admin' } }, null))
      .toBe('joined the team as an admin');
  });

  it('shows a recorded instant and an amount as a person reads them', () => {
    const invited = auditFieldChanges(null, { expires_at: '2026-12-03T16:49:42.478Z' });
    expect(invited).toEqual([{ field: 'expires_at', label: 'Expires at', before: 'none', after: '3 Dec 2026, 16:49 UTC' }]);
    const paid = auditFieldChanges(null, { amount: 12_050, currency: 'GBP' });
    expect(paid[0]?.after).toBe('120.50 GBP');
  });

  it('still reads for an action this version does not know', () => {
    expect(auditDescription({ action: 'team.invite', before: null, after: { email: 'a@b.test' } }, null)).toBe('made a change (team.invite)');
  });
});
