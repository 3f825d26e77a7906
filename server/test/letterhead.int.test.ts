import { deflateSync } from 'node:zlib';

import type { EmailTemplateListResponse, EventDetail, Letterhead, SendToMeResponse } from '@receivables/contracts';
import { eq, sql } from 'drizzle-orm';
import PostalMime, { type Email } from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

import { orgSettings } from '../src/db/schema';
import { closeTransports } from '../src/lib/smtp-transport';
import { LOGO_CID } from '../src/modules/delivery/inline-logo';

import { configureMail } from './delivery-helpers';
import {
  createTestDatabase,
  expectError,
  insertContact,
  insertCustomer,
  insertEvent,
  insertInvoice,
  isoDay,
  joinWithRole,
  refreshCustomerFigures,
  type SignedUpUser,
  signUpWithOrg,
  type SmtpSink,
  startSmtpSink,
  startTestServer,
  type TestDatabase,
  type TestServer,
  withOrg,
} from './support';

let tdb: TestDatabase;
let server: TestServer;
let sink: SmtpSink;
let owner: SignedUpUser;

beforeAll(async () => {
  tdb = await createTestDatabase(inject('adminDatabaseUrl'));
  server = await startTestServer(tdb.db);
  sink = await startSmtpSink();
  owner = await signUpWithOrg(server);
  await configureMail(tdb.db, owner.orgId, { sink, from: { name: 'Acme Accounts', email: 'accounts@acme.test' }, mode: 'sending' });
});
afterAll(async () => {
  closeTransports();
  await sink.close();
  await server.close();
  await tdb.drop();
});

/** A real PNG of `width` × `height` pixels (one colour), so its header's size can be checked too. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x2a)])));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
const LOGO = dataUrl('image/png', png(480, 96));
const FULL = {
  company_name: 'Acme <Trading> & Sons Ltd',
  company_number: 'sc123456',
  company_address: '  1 High Street \n\nEdinburgh\nEH1 1AA  ',
  vat_number: 'gb 123 4567 89',
  logo: LOGO,
};
const NONE = { company_name: null, company_number: null, company_address: null, vat_number: null, logo: null };

const putLetterhead = (user: SignedUpUser, body: unknown) => user.api<Letterhead>('PUT', '/api/organisation/letterhead', body);

/** The letterhead as the database holds it, read around the API. */
async function stored(orgId: string) {
  const [row] = await withOrg(tdb.db, orgId, (tx) => tx.select().from(orgSettings).where(eq(orgSettings.orgId, orgId)));
  if (!row) throw new Error('no settings row');
  return row;
}

/** A customer owing since last week, with a reminder planned for tomorrow. */
async function plannedReminder(user: SignedUpUser, email: string): Promise<string> {
  const template = (await user.api<EmailTemplateListResponse>('GET', '/api/emails/')).body.rows.find((t) => t.kind === 'regular_email');
  if (!template) throw new Error('no regular template');
  const c = await insertCustomer(tdb.db, user.orgId, { name: `Payer ${crypto.randomUUID().slice(0, 6)}` });
  await insertContact(tdb.db, user.orgId, c.id, { role: 'primary', name: 'Pat Payer', email });
  await insertInvoice(tdb.db, user.orgId, c.id, { amountDue: 90_000, issuedOn: isoDay(-40), dueDate: isoDay(-7) });
  await refreshCustomerFigures(tdb.db, user.orgId, { today: isoDay(0) });
  const e = await insertEvent(tdb.db, user.orgId, c.id, {
    emailId: template.id,
    kind: 'regular_email',
    standing: 'single_missed',
    scheduledFor: new Date(Date.now() + 86_400_000),
    toAddresses: [{ name: 'Pat Payer', email }],
    subject: 'As planned',
  });
  await withOrg(tdb.db, user.orgId, (tx) => tx.execute(sql`
    update event e set episode_start = c.standing_since from customer c where c.id = e.customer_id and e.id = ${e.id}`));
  return e.id;
}

/** The one email that reached the SMTP server with this Message-ID, parsed as a mail client would. */
async function arrived(messageId: string | null): Promise<Email> {
  const matching = sink.messages.filter((m) => m.raw.includes(`Message-ID: ${messageId ?? 'none'}`));
  expect(matching).toHaveLength(1);
  return PostalMime.parse(matching[0]?.raw ?? '');
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

describe('the letterhead (decision 0038)', () => {
  it('is saved normalised, read back by any member, and audited without the image', async () => {
    const res = await putLetterhead(owner, FULL);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      company_name: 'Acme <Trading> & Sons Ltd',
      company_number: 'SC123456',
      company_address: '1 High Street\nEdinburgh\nEH1 1AA',
      vat_number: 'GB123456789',
      logo: LOGO,
    });
    const member = await joinWithRole(server, tdb.db, owner.orgId, 'member');
    expect((await member.api<Letterhead>('GET', '/api/organisation/letterhead')).body).toEqual(res.body);
    const { rows } = await tdb.db.execute<{ after: Record<string, unknown> }>(
      sql`select after from audit_log where org_id = ${owner.orgId} and action = 'organisation.letterhead' order by at desc limit 1`,
    );
    expect(rows[0]?.after.logo).toMatch(/^image\/png, \d+ bytes, sha256 [0-9a-f]{12}$/);
    expect(JSON.stringify(rows[0]?.after)).not.toContain('base64');
  });

  it('reaches the customer: the logo inline by cid at the top, the footer facts of the database under the signature, in HTML and text', async () => {
    expect((await putLetterhead(owner, FULL)).status).toBe(200);
    const eventId = await plannedReminder(owner, 'pat.letterhead@payer.example');
    const sent = await owner.api<EventDetail>('POST', `/api/events/execute/${eventId}/`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const mail = await arrived(sent.body.message_id);
    const db = await stored(owner.orgId);

    const lines = [
      db.companyName,
      `Company number ${db.companyNumber ?? ''}`,
      `Registered office: ${(db.companyAddress ?? '').split('\n').join(', ')}`,
      `VAT number ${db.vatNumber ?? ''}`,
    ];
    expect(lines).toEqual(['Acme <Trading> & Sons Ltd', 'Company number SC123456', 'Registered office: 1 High Street, Edinburgh, EH1 1AA', 'VAT number GB123456789']);
    // The text part ends with the footer, one fact a line, after the signature.
    expect(mail.text?.trimEnd().endsWith(lines.join('\n'))).toBe(true);
    // The HTML: every fact escaped, under the body; no jurisdiction claimed.
    const html = mail.html ?? '';
    expect(html).toContain(lines.map((line) => escape(line ?? '')).join('<br>'));
    expect(html).not.toContain('<Trading>');
    expect(html).not.toMatch(/England and Wales/);
    expect(html.indexOf('Company number')).toBeGreaterThan(html.indexOf('Pat'));

    // The logo: an inline attachment, named by cid in the HTML's first image, the database's bytes; no data: URL.
    expect(html).not.toContain('data:image');
    const img = /<img[^>]*>/.exec(html)?.[0] ?? '';
    expect(img).toContain(`src="cid:${LOGO_CID}"`);
    expect(img).toContain('alt="Acme &lt;Trading&gt; &amp; Sons Ltd"');
    // Scaled into 240 × 64, as Outlook needs it written out.
    expect(img).toMatch(/width="240" height="48"/);
    expect(html.indexOf('<img')).toBeLessThan(html.indexOf('Pat'));
    expect(mail.attachments).toHaveLength(1);
    const [logo] = mail.attachments;
    expect(logo).toMatchObject({ contentId: `<${LOGO_CID}>`, disposition: 'inline', mimeType: 'image/png' });
    const bytes = Buffer.from(logo?.content instanceof ArrayBuffer ? logo.content : new ArrayBuffer(0));
    expect(bytes.equals(Buffer.from((db.logo ?? '').split(',')[1] ?? '', 'base64'))).toBe(true);

    // Kept with the cid only (not the image in every row), and shown in the app with the logo again.
    const [kept] = (await withOrg(tdb.db, owner.orgId, (tx) => tx.execute<{ html: string }>(sql`select html from event where id = ${eventId}`))).rows;
    expect(kept?.html).toContain(`cid:${LOGO_CID}`);
    expect(kept?.html).not.toContain('base64');
    expect((await owner.api<EventDetail>('GET', `/api/events/${eventId}/`)).body.html).toContain(`src="${LOGO}"`);
  });

  it('goes with Send to me too', async () => {
    expect((await putLetterhead(owner, FULL)).status).toBe(200);
    const template = (await owner.api<EmailTemplateListResponse>('GET', '/api/emails/')).body.rows[0];
    const res = await owner.api<SendToMeResponse>('POST', `/api/emails/${template?.id ?? ''}/send_to_me`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mail = await arrived(res.body.message_id);
    expect(mail.text).toContain('Company number SC123456\nRegistered office: 1 High Street, Edinburgh, EH1 1AA\nVAT number GB123456789');
    expect(mail.attachments.map((a) => a.contentId)).toEqual([`<${LOGO_CID}>`]);
  });

  it('shows each part only when set, and nothing at all when none is', async () => {
    expect((await putLetterhead(owner, { ...NONE, company_number: '01234567' })).status).toBe(200);
    const one = await owner.api<EventDetail>('POST', `/api/events/execute/${await plannedReminder(owner, 'pat.one@payer.example')}/`);
    const partial = await arrived(one.body.message_id);
    expect(partial.text?.trimEnd().endsWith('\n\nCompany number 01234567')).toBe(true);
    expect(partial.html).not.toContain('Registered office');
    expect(partial.html).not.toContain('<img');
    expect(partial.attachments).toEqual([]);

    expect((await putLetterhead(owner, { ...NONE, company_name: '   ', logo: '' })).body).toEqual(NONE);
    const none = await owner.api<EventDetail>('POST', `/api/events/execute/${await plannedReminder(owner, 'pat.none@payer.example')}/`);
    const plain = await arrived(none.body.message_id);
    expect(plain.text).not.toContain('Company number');
    expect(plain.html).not.toContain('border-top:1px solid #e4e7eb');
    expect(plain.attachments).toEqual([]);
  });

  it.each([
    ['not a data: URL', { logo: 'https://example.test/logo.png' }, 'logo'],
    ['a GIF', { logo: dataUrl('image/gif', Buffer.from('GIF89a\x01\x00\x01\x00')) }, 'logo'],
    ['an SVG', { logo: dataUrl('image/svg+xml', Buffer.from('<svg onload="alert(1)"/>')) }, 'logo'],
    ['a GIF called a PNG', { logo: dataUrl('image/png', Buffer.from('GIF89a\x01\x00\x01\x00 and more bytes')) }, 'logo'],
    ['a PNG called a JPEG', { logo: dataUrl('image/jpeg', png(4, 4)) }, 'logo'],
    ['over 100 KB', { logo: dataUrl('image/png', Buffer.concat([png(1, 1), Buffer.alloc(100 * 1024)])) }, 'logo'],
    ['a company number with symbols', { company_number: '0123#567' }, 'company_number'],
    ['a company number with no digit', { company_number: 'ACME' }, 'company_number'],
    ['a VAT number without its country', { vat_number: '123456789' }, 'vat_number'],
    ['a GB VAT number of 8 digits', { vat_number: 'GB12345678' }, 'vat_number'],
    ['a name too long', { company_name: 'x'.repeat(161) }, 'company_name'],
    ['an address of nine lines', { company_address: Array.from({ length: 9 }, (_, i) => `Line ${i}`).join('\n') }, 'company_address'],
  ])('refuses %s: 422 naming the field, nothing saved', async (_case, change, field) => {
    const before = await stored(owner.orgId);
    expectError(await putLetterhead(owner, { ...NONE, ...change }), 422, 'DOMAIN_RULE', field);
    expect(await stored(owner.orgId)).toEqual(before);
  });

  it('takes other countries’ numbers: HRB 12345, NL123456789B01', async () => {
    const res = await putLetterhead(owner, { ...NONE, company_number: 'HRB 12345', vat_number: 'NL 1234.56789-B01' });
    expect(res.body).toMatchObject({ company_number: 'HRB 12345', vat_number: 'NL123456789B01' });
  });

  it('is changed by an owner or admin only: a member is refused (403), and a field of the wrong type is a 400', async () => {
    const member = await joinWithRole(server, tdb.db, owner.orgId, 'member');
    expectError(await putLetterhead(member, FULL), 403, 'FORBIDDEN');
    const admin = await joinWithRole(server, tdb.db, owner.orgId, 'admin');
    expect((await putLetterhead(admin, { ...NONE, company_name: 'Admin Ltd' })).status).toBe(200);
    expectError(await putLetterhead(owner, { ...NONE, company_name: 42 }), 400, 'VALIDATION_FAILED', 'company_name');
    expectError(await putLetterhead(owner, { ...NONE, jurisdiction: 'Scotland' }), 400, 'VALIDATION_FAILED', 'jurisdiction');
  });
});
