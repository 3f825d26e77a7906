import {
  type EmailTemplate,
  type EmailTemplateListResponse,
  type EmailTemplatePreview,
  emailTemplatePreviewSchema,
  EMAIL_KINDS,
  type ErrorBody,
  type GeneratedTemplate,
  TONES,
  type Workflow,
} from '@receivables/contracts';
import { beforeAll, describe, expect, it } from 'vitest';

import { useIntegrationEnv } from './integration-env';
import { type ApiClient, expectError, insertContact, insertCustomer, insertInvoice, isoDay, refreshCustomerFigures } from './support';

const env = useIntegrationEnv();
let api: ApiClient;
let orgId: string;
let otherApi: ApiClient;
let otherTemplateId: string;

const write = (over: Record<string, unknown> = {}) => ({
  name: `Template ${crypto.randomUUID().slice(0, 8)}`,
  tone: 'firm',
  kind: 'regular_email',
  subject: 'Overdue: {{ amount_overdue }}',
  body: '<p>Dear {{ contact_name }},</p>\n<p>{{ invoice_table }}</p>',
  variation: 'none',
  ...over,
});

beforeAll(async () => {
  const me = await env.signUp();
  api = me.api;
  orgId = me.orgId;
  otherApi = (await env.signUp()).api;
  otherTemplateId = (await otherApi<EmailTemplate>('POST', '/api/emails/', write())).body.id;
});

describe('a new organisation', () => {
  it('starts with starter templates and a default workflow over them', async () => {
    const templates = (await api<EmailTemplateListResponse>('GET', '/api/emails/')).body;
    expect(templates.rows.map((t) => t.name)).toEqual(expect.arrayContaining(['Friendly reminder', 'Firm reminder', 'Urgent escalation']));
    const workflows = (await api<{ rows: Workflow[] }>('GET', '/api/workflows/')).body.rows;
    const standard = workflows.find((w) => w.is_default);
    expect(standard?.name).toBe('Standard chasing');
    // Days after the due date (decision 0036); the last step of each standing repeats every fortnight.
    expect(standard?.actions.map((a) => [a.standing, a.delay_days, a.email_name, a.repeat_days])).toEqual([
      ['single_missed', 1, 'Friendly reminder', null],
      ['single_missed', 7, 'Checking in', null],
      ['single_missed', 14, 'Firm reminder', null],
      ['single_missed', 21, 'Escalation', null],
      ['single_missed', 30, 'Urgent reminder', null],
      ['single_missed', 45, 'Urgent escalation', null],
      ['single_missed', 60, 'Urgent reminder', null],
      ['single_missed', 90, 'Urgent escalation', 14],
      ['multiple_missed', 7, 'Firm reminder', null],
      ['multiple_missed', 14, 'Urgent reminder', null],
      ['multiple_missed', 30, 'Urgent escalation', null],
      ['multiple_missed', 60, 'Urgent reminder', null],
      ['multiple_missed', 90, 'Urgent escalation', 14],
    ]);
    expect(templates.rows.find((t) => t.name === 'Firm reminder')?.used_by).toBe(2);
  });
});

describe('POST/PUT/DELETE /api/emails/', () => {
  it('creates, lists, changes and deletes a template', async () => {
    const created = await api<EmailTemplate>('POST', '/api/emails/', write({ name: 'Gentle nudge', tone: 'friendly-reminder' }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Gentle nudge', tone: 'friendly-reminder', used_by: 0 });
    const changed = await api<EmailTemplate>('PUT', `/api/emails/${created.body.id}/`, write({ name: 'Gentler nudge', variation: 'vary' }));
    expect(changed.body).toMatchObject({ name: 'Gentler nudge', variation: 'vary' });
    expect((await api<EmailTemplateListResponse>('GET', '/api/emails/')).body.rows.map((t) => t.name)).toContain('Gentler nudge');
    expect((await api('DELETE', `/api/emails/${created.body.id}`)).status).toBe(204);
    expect((await api<EmailTemplateListResponse>('GET', '/api/emails/')).body.rows.map((t) => t.name)).not.toContain('Gentler nudge');
  });

  it('answers 400 naming an unknown merge field and its line, and saves nothing', async () => {
    const name = 'Typo template';
    const res = await api('POST', '/api/emails/', write({ name, body: '<p>Hello</p>\n<p>You owe {{ amount_owed }}</p>' }));
    expectError(res, 400, 'VALIDATION_FAILED', 'body');
    expect(JSON.stringify(res.body)).toContain('line 2: unknown merge field \\"amount_owed\\"');
    expect((await api<EmailTemplateListResponse>('GET', '/api/emails/')).body.rows.map((t) => t.name)).not.toContain(name);
  });

  it.each([
    [{ subject: '{{ customer_name | shout }}' }, 'subject'],
    [{ body: '{% if invoice_count > 1 %}never closed' }, 'body'],
    [{ body: "{% include 'secrets' %}" }, 'body'],
    [{ tone: 'aggressive' }, 'tone'],
    [{ kind: 'letter' }, 'kind'],
    [{ variation: 'random' }, 'variation'],
    [{ name: '' }, 'name'],
    [{ body: 'x\u0000' }, 'body'],
  ])('answers 400 for %j, naming %s', async (over, field) => {
    expectError(await api('POST', '/api/emails/', write(over)), 400, 'VALIDATION_FAILED', field);
  });

  it('answers 409 for a name already used, ignoring case', async () => {
    await api('POST', '/api/emails/', write({ name: 'Same name' }));
    expectError(await api('POST', '/api/emails/', write({ name: 'SAME NAME' })), 409, 'CONFLICT', 'name');
  });

  it('refuses with 409 to delete a template a workflow uses, naming the workflow', async () => {
    const used = (await api<EmailTemplateListResponse>('GET', '/api/emails/')).body.rows.find((t) => t.name === 'Friendly reminder');
    const res = await api('DELETE', `/api/emails/${used?.id}`);
    expectError(res, 409, 'CONFLICT', 'id');
    expect(JSON.stringify(res.body)).toContain('Standard chasing');
  });

  it('treats another organisation’s template as not found', async () => {
    expectError(await api('PUT', `/api/emails/${otherTemplateId}/`, write()), 404, 'NOT_FOUND');
    expectError(await api('DELETE', `/api/emails/${otherTemplateId}`), 404, 'NOT_FOUND');
    expect((await otherApi<EmailTemplateListResponse>('GET', '/api/emails/')).body.rows.map((t) => t.id)).toContain(otherTemplateId);
  });
});

describe('Write from the tone (variation full): subject and body (issue 29)', () => {
  /** A template write with no subject or body at all. */
  const withoutWording = (over: Record<string, unknown>) => Object.fromEntries(Object.entries(write(over)).filter(([key]) => key !== 'subject' && key !== 'body'));

  it('saves without a subject or body, absent or empty, and keeps any text given (not read) for a switch back', async () => {
    const absent = await api<EmailTemplate>('POST', '/api/emails/', withoutWording({ variation: 'full' }));
    expect(absent.status, JSON.stringify(absent.body)).toBe(201);
    expect(absent.body).toMatchObject({ variation: 'full', subject: '', body: '' });
    const empty = await api<EmailTemplate>('POST', '/api/emails/', write({ variation: 'full', subject: '', body: '  ' }));
    expect(empty.status, JSON.stringify(empty.body)).toBe(201);
    // Text it does not use is neither required nor read: kept as given.
    const kept = await api<EmailTemplate>('PUT', `/api/emails/${empty.body.id}/`, write({ variation: 'full', subject: 'Ours', body: '<p>{{ not_a_field }}</p>' }));
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body).toMatchObject({ subject: 'Ours', body: '<p>{{ not_a_field }}</p>' });
    // Switched back to its own words, they are read again.
    expectError(await api('PUT', `/api/emails/${empty.body.id}/`, write({ variation: 'none', subject: 'Ours', body: '<p>{{ not_a_field }}</p>' })), 400, 'VALIDATION_FAILED', 'body');
  });

  it.each(['none', 'vary'])('still requires both for %s: 422 naming each one missing, with the reason, and saves nothing', async (variation) => {
    const name = `Wordless ${variation}`;
    const neither = await api<ErrorBody>('POST', '/api/emails/', withoutWording({ name, variation }));
    expectError(neither, 422, 'DOMAIN_RULE');
    expect(neither.body.error.details).toEqual([
      { field: 'subject', reason: 'must not be empty: only “Write from the tone” writes its own' },
      { field: 'body', reason: 'must not be empty: only “Write from the tone” writes its own' },
    ]);
    expect(neither.body.error.message).toBe('A template sent as written needs a subject and a body');
    const noBody = await api<ErrorBody>('POST', '/api/emails/', write({ name, variation, body: '   ' }));
    expectError(noBody, 422, 'DOMAIN_RULE', 'body');
    expect(noBody.body.error.details?.map((d) => d.field)).toEqual(['body']);
    expect((await api<EmailTemplateListResponse>('GET', '/api/emails/')).body.rows.map((t) => t.name)).not.toContain(name);
    // A change is refused alike, and a preview.
    const saved = (await api<EmailTemplate>('POST', '/api/emails/', write({ variation: 'full' }))).body;
    expectError(await api('PUT', `/api/emails/${saved.id}/`, write({ variation, subject: '' })), 422, 'DOMAIN_RULE', 'subject');
    const c = await insertCustomer(env.db.db, orgId);
    expectError(await api('POST', '/api/emails/preview/', { ...withoutWording({ variation }), name: undefined, customer_id: c.id }), 422, 'DOMAIN_RULE', 'subject');
  });

  it('previews two or three different letters the tone writes for the customer, each numbered for Send to me', async () => {
    const c = await insertCustomer(env.db.db, orgId, { name: 'Harbour Lane Bakery', currency: 'GBP' });
    await insertContact(env.db.db, orgId, c.id, { name: 'Sophie Taylor', email: 'sophie@harbour.example', role: 'primary' });
    await insertInvoice(env.db.db, orgId, c.id, { amountDue: 123_450, dueDate: isoDay(-20), number: 'HLB-9' });
    await refreshCustomerFigures(env.db.db, orgId);
    for (const tone of TONES) {
      const res = await api<EmailTemplatePreview>('POST', '/api/emails/preview/', { ...withoutWording({ tone, variation: 'full' }), name: undefined, customer_id: c.id });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const preview = emailTemplatePreviewSchema.parse(res.body);
      expect(preview.wordings.length, tone).toBeGreaterThanOrEqual(2);
      expect(preview.wordings.length).toBeLessThanOrEqual(3);
      expect(new Set(preview.wordings.map((w) => `${w.subject}\n${w.text}`)).size).toBe(preview.wordings.length);
      expect(preview.wordings[0]).toMatchObject({ wording: 1, subject: preview.subject, html: preview.html, text: preview.text });
      expect(new Set(preview.wordings.map((w) => w.wording)).size).toBe(preview.wordings.length);
      for (const letter of preview.wordings) {
        // Each is this customer's letter: their invoice and amount, the person greeted.
        expect(letter.text).toContain('HLB-9');
        expect(letter.text).toContain('£1,234.50');
        expect(letter.text).toMatch(/Sophie/);
      }
      expect(preview.to).toEqual([{ name: 'Sophie Taylor', email: 'sophie@harbour.example' }]);
    }
    // Its own words make one letter, said once.
    const asWritten = await api<EmailTemplatePreview>('POST', '/api/emails/preview/', { ...write({ variation: 'vary' }), name: undefined, customer_id: c.id });
    expect(asWritten.body.wordings).toEqual([]);
  });
});

describe('POST /api/generate-template/', () => {
  it('writes a subject and body in every tone and kind, which save as templates', async () => {
    for (const tone of TONES) {
      for (const kind of EMAIL_KINDS) {
        const res = await api<GeneratedTemplate>('POST', `/api/generate-template/?tone=${tone}&kind=${kind}`);
        expect(res.status).toBe(200);
        expect(res.body.body).toContain('{{ invoice_table }}');
        const saved = await api('POST', '/api/emails/', write({ ...res.body, tone, kind, name: `Generated ${tone} ${kind}` }));
        expect(saved.status).toBe(201);
      }
    }
  });

  it('answers 400 for an unknown tone or kind', async () => {
    expectError(await api('POST', '/api/generate-template/?tone=rude&kind=regular_email'), 400, 'VALIDATION_FAILED', 'tone');
    expectError(await api('POST', '/api/generate-template/?tone=firm&kind=fax'), 400, 'VALIDATION_FAILED', 'kind');
  });
});

describe('POST /api/emails/preview/', () => {
  it('renders a draft for a customer as they would receive it, escaping their name', async () => {
    const c = await insertCustomer(env.db.db, orgId, { name: '<b>Bold</b> & Co', currency: 'EUR' });
    await insertContact(env.db.db, orgId, c.id, { name: 'Ann Payable', email: 'ann@bold.example', role: 'primary' });
    await insertInvoice(env.db.db, orgId, c.id, { amountDue: 123_456, dueDate: isoDay(-10), number: 'F-77', paymentUrl: 'https://pay.example/f77' });
    await refreshCustomerFigures(env.db.db, orgId);
    const res = await api<{ subject: string; html: string; text: string; to: { email: string }[] }>('POST', '/api/emails/preview/', {
      ...write({ subject: 'For {{ customer_name }}', body: '<p>Dear {{ contact_name }}, {{ customer_name }} owes {{ amount_overdue }}, {{ days_late }} days late.</p>{{ invoice_table }}' }),
      name: undefined,
      customer_id: c.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.subject).toBe('For <b>Bold</b> & Co');
    expect(res.body.html).toContain('&lt;b&gt;Bold&lt;/b&gt; &amp; Co');
    expect(res.body.text).toContain('Dear Ann Payable, <b>Bold</b> & Co owes €1,234.56, 10 days late.');
    expect(res.body.html).toContain('href="https://pay.example/f77"');
    expect(res.body.to).toEqual([{ name: 'Ann Payable', email: 'ann@bold.example' }]);
  });

  it('treats another organisation’s customer as not found', async () => {
    const other = await insertCustomer(env.db.db, (await env.signUp()).orgId);
    expectError(await api('POST', '/api/emails/preview/', { ...write(), name: undefined, customer_id: other.id }), 404, 'NOT_FOUND', 'customer_id');
  });
});
