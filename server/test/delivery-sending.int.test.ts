import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

import { closeTransports } from '../src/lib/smtp-transport';
import { sendDueEmails } from '../src/modules/delivery/send-due-emails';
import { generateDkimKeyPair } from '../src/modules/mail/dkim-key';
import { previewWorkflow } from '../src/modules/workflows/preview-workflow';

import { configureMail, dkimResolver, dueReminder, keptLog, lastContact, type MailSetup, senderDepsFor } from './delivery-helpers';
import { chasingOrganisation, hourlyPass, insertWorkflow, readEvents } from './scheduling-helpers';
import { createTestDatabase, insertContact, insertCustomer, insertInvoice, type SmtpSink, startSmtpSink, type TestDatabase } from './support';
import { readMail } from './support/mime-parts';

let tdb: TestDatabase;
let sink: SmtpSink;
let dkim: NonNullable<MailSetup['dkim']>;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('adminDatabaseUrl'));
  sink = await startSmtpSink();
  dkim = { domain: 'acme.test', selector: 'rcv2026', pair: await generateDkimKeyPair() };
});
afterAll(async () => {
  closeTransports();
  await sink.close();
  await tdb.drop();
});

/** London keeps GMT in January: its wall clock is UTC. Tuesday 13 January 2026. */
const PLANNED = new Date('2026-01-13T07:00:00.000Z');
const WINDOW_OPENS = new Date('2026-01-13T09:00:00.000Z');

/**
 * An organisation chasing two customers from the scheduler's own plan: one with an invoice
 * overdue (a reminder to its primary contact on the day), one with two (an escalation to its
 * escalation contact, the primary in copy).
 */
async function chasingBook(mode: 'sending' | 'dryrun' | 'disabled') {
  const org = await chasingOrganisation(tdb.db, { timezone: 'Europe/London', sendingMode: mode });
  const t = (name: string) => org.templates.get(name) ?? '';
  const wf = await insertWorkflow(tdb.db, org.id, [
    { standing: 'single_missed', delay: 0, emailId: t('Friendly reminder') },
    { standing: 'multiple_missed', delay: 0, emailId: t('Escalation') },
  ], { isDefault: true });
  await configureMail(tdb.db, org.id, { sink, dkim, from: { name: 'Acme Accounts', email: 'accounts@acme.test' }, replyToDomain: 'in.acme.test' });
  const single = await insertCustomer(tdb.db, org.id, { name: `Single ${mode}` });
  await insertContact(tdb.db, org.id, single.id, { role: 'primary', name: 'Sam Single', email: `sam.${mode}@single.example` });
  const payUrl = 'https://pay.example/s1';
  await insertInvoice(tdb.db, org.id, single.id, { amountDue: 120_000, issuedOn: '2025-12-01', dueDate: '2026-01-12', paymentUrl: payUrl });
  const multi = await insertCustomer(tdb.db, org.id, { name: `Multiple ${mode}` });
  await insertContact(tdb.db, org.id, multi.id, { role: 'primary', name: 'Max Multi', email: `max.${mode}@multi.example` });
  await insertContact(tdb.db, org.id, multi.id, { role: 'escalation', name: 'Erin Boss', email: `erin.${mode}@multi.example` });
  await insertInvoice(tdb.db, org.id, multi.id, { amountDue: 50_000, issuedOn: '2025-11-01', dueDate: '2026-01-05' });
  await insertInvoice(tdb.db, org.id, multi.id, { amountDue: 75_000, issuedOn: '2025-11-15', dueDate: '2026-01-12' });
  await hourlyPass(tdb.db, org.id, PLANNED);
  return { org, wf, single, multi };
}

describe('the sender, in sending mode, through a real SMTP server', () => {
  it('delivers the planned emails at the window’s opening, to the right addresses, as previewed, DKIM-signed, with our Message-ID', async () => {
    const { org, wf, single, multi } = await chasingBook('sending');
    const previews = {
      single: await previewWorkflow({ db: tdb.db, orgId: org.id }, wf.id, single.id, PLANNED),
      multi: await previewWorkflow({ db: tdb.db, orgId: org.id }, wf.id, multi.id, PLANNED),
    };
    expect((await readEvents(tdb.db, org.id)).map((e) => [e.status, e.scheduledFor])).toEqual([
      ['pending', WINDOW_OPENS.toISOString()],
      ['pending', WINDOW_OPENS.toISOString()],
    ]);

    // An hour before the window opens nothing is due; at the opening both go.
    const log = keptLog();
    const anHourBefore = new Date(WINDOW_OPENS.getTime() - 3_600_000);
    const early = await sendDueEmails(senderDepsFor(tdb.db, () => anHourBefore, { log }), { orgId: org.id });
    expect(early.sent).toBe(0);
    const before = sink.messages.length;
    expect(await lastContact(tdb.db, org.id, single.id)).toBeNull();
    const summary = await sendDueEmails(senderDepsFor(tdb.db, () => WINDOW_OPENS, { log }), { orgId: org.id });
    expect(summary).toMatchObject({ sent: 2, failed: 0, unknown: 0, retried: 0 });
    const arrived = sink.messages.slice(before);
    expect(arrived).toHaveLength(2);

    const events = await readEvents(tdb.db, org.id);
    for (const [customer, preview] of [[single, previews.single], [multi, previews.multi]] as const) {
      const step = preview.steps.find((s) => s.problem === null);
      const e = events.find((x) => x.customerId === customer.id);
      if (!step || !e) throw new Error('no step or event');
      expect(e.status).toBe('success');
      expect(e.history.map((h) => h.status)).toEqual(['pending', 'success']);
      // Home's "Last contact" for the customer is the moment the server took it.
      expect(e.sentAt).toBe(WINDOW_OPENS.toISOString());
      expect(await lastContact(tdb.db, org.id, customer.id)).toBe(WINDOW_OPENS.toISOString());
      const mail = arrived.find((m) => readMail(m.raw).headers.get('message-id') === e.messageId);
      if (!mail) throw new Error(`no message arrived with ${e.messageId}`);
      expect(e.messageId).toMatch(/^<[0-9a-f-]{36}@acme\.test>$/);
      // The envelope: the step's recipients (the escalation's primary in copy) from our address.
      expect(mail.from).toBe('accounts@acme.test');
      expect([...mail.to].sort()).toEqual([...step.to, ...step.cc].map((r) => r.email).sort());
      const read = readMail(mail.raw);
      expect(read.headers.get('from')).toBe('Acme Accounts <accounts@acme.test>');
      expect(read.headers.get('reply-to')).toMatch(/^reply\+[a-z2-7]{42}@in\.acme\.test$/);
      // What arrived is what the preview showed, word for word.
      expect(read.subject).toBe(step.subject);
      expect(read.html.trim()).toBe(step.html.trim());
      expect(read.text.trim()).toBe(step.text.trim());
      expect(e.html).toBe(step.html);
      const { results } = await dkimVerify(mail.raw, { resolver: dkimResolver(dkim) });
      expect(results.map((r) => [r.signingDomain, r.selector, r.status.result])).toEqual([['acme.test', 'rcv2026', 'pass']]);
    }
    const escalation = arrived.find((m) => m.to.includes('erin.sending@multi.example'));
    expect(escalation && readMail(escalation.raw).headers.get('cc')).toBe('Max Multi <max.sending@multi.example>');
    // Nothing is sent twice: another pass finds nothing due.
    expect((await sendDueEmails(senderDepsFor(tdb.db, () => new Date(WINDOW_OPENS.getTime() + 60_000)), { orgId: org.id })).sent).toBe(0);
    expect(sink.messages.length).toBe(before + 2);
  });
});

describe('the sender in dry run and disabled', () => {
  it('dry run: renders and keeps each due email as a draft, and nothing leaves; Last contact stays as it was', async () => {
    const { org, single, multi } = await chasingBook('dryrun');
    const before = sink.messages.length;
    const summary = await sendDueEmails(senderDepsFor(tdb.db, () => WINDOW_OPENS), { orgId: org.id });
    expect(summary).toMatchObject({ drafted: 2, sent: 0 });
    expect(sink.messages.length).toBe(before);
    const events = await readEvents(tdb.db, org.id);
    expect(events.map((e) => e.status)).toEqual(['draft_success', 'draft_success']);
    const draft = events.find((e) => e.customerId === single.id);
    expect(draft?.html).toContain('Hi Sam,');
    expect(draft?.history.map((h) => h.status)).toEqual(['pending', 'draft_success']);
    // A draft reached nobody: the customers were not contacted, and Home goes on saying so (decision 0020).
    expect(draft?.sentAt).toBe(WINDOW_OPENS.toISOString());
    expect(await lastContact(tdb.db, org.id, single.id)).toBeNull();
    expect(await lastContact(tdb.db, org.id, multi.id)).toBeNull();
  });

  it('disabled: nothing is scheduled, nothing is sent', async () => {
    const { org } = await chasingBook('disabled');
    const before = sink.messages.length;
    const summary = await sendDueEmails(senderDepsFor(tdb.db, () => WINDOW_OPENS), { orgId: org.id });
    expect(summary).toMatchObject({ sent: 0, drafted: 0 });
    expect(await readEvents(tdb.db, org.id)).toEqual([]);
    expect(sink.messages.length).toBe(before);
  });
});

describe("the installation's mail server (SMTP_URL)", () => {
  it('carries the due email of an organisation without a server of its own, signed in with the URL’s account', async () => {
    const instance = await startSmtpSink({ auth: { user: 'relay', pass: 'relay-pa55' } });
    try {
      const org = await chasingOrganisation(tdb.db, { timezone: 'Europe/London', sendingMode: 'sending' });
      // A from address and nothing else: no server of its own, so SMTP_URL is the one it sends through.
      await configureMail(tdb.db, org.id, { from: { name: 'Acme Accounts', email: 'accounts@acme.test' } });
      const due = await dueReminder(tdb.db, org.id, org.templates.get('Friendly reminder') ?? '', WINDOW_OPENS);
      const ownBefore = sink.messages.length;
      const env = { SMTP_URL: `smtp://relay:relay-pa55@${instance.host}:${instance.port}?security=none` };
      const summary = await sendDueEmails(senderDepsFor(tdb.db, () => WINDOW_OPENS, { env }), { orgId: org.id });
      expect(summary).toMatchObject({ sent: 1, failed: 0, unknown: 0, retried: 0 });
      const [e] = await readEvents(tdb.db, org.id, due.customerId);
      expect(e?.status).toBe('success');
      expect(instance.messages.map((m) => [m.from, m.to, m.user, readMail(m.raw).headers.get('message-id')])).toEqual([
        ['accounts@acme.test', [due.email], 'relay', e?.messageId],
      ]);
      expect(sink.messages.length).toBe(ownBefore);
      expect(await lastContact(tdb.db, org.id, due.customerId)).toBe(WINDOW_OPENS.toISOString());
    } finally {
      closeTransports();
      await instance.close();
    }
  });
});
