import { type ChasingSettings, type CustomerPlan, type EmailTemplateListResponse, type OrganisationProfile, type Workflow, type WorkflowAction, type WorkflowPreview } from '@receivables/contracts';
import { beforeAll, describe, expect, it } from 'vitest';

import { useIntegrationEnv } from './integration-env';
import { type ApiClient, expectError, insertContact, insertCustomer, insertInvoice, isoDay, refreshCustomerFigures } from './support';

const env = useIntegrationEnv();
let api: ApiClient;
let orgId: string;
let otherApi: ApiClient;
let templates: Map<string, string>;

beforeAll(async () => {
  const me = await env.signUp();
  api = me.api;
  orgId = me.orgId;
  otherApi = (await env.signUp()).api;
  templates = new Map((await api<EmailTemplateListResponse>('GET', '/api/emails/')).body.rows.map((t) => [t.name, t.id]));
});

const template = (name: string): string => templates.get(name) ?? '';

async function newWorkflow(name = `Workflow ${crypto.randomUUID().slice(0, 8)}`): Promise<Workflow> {
  const res = await api<Workflow>('POST', '/api/workflows/', { name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function addStep(workflowId: string, standing: string, delay: number, email: string): Promise<WorkflowAction> {
  const res = await api<WorkflowAction>('POST', '/api/workflows/action/', { workflow_id: workflowId, standing, delay_days: delay, email_id: template(email) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function workflow(id: string): Promise<Workflow | undefined> {
  return (await api<{ rows: Workflow[] }>('GET', '/api/workflows/')).body.rows.find((w) => w.id === id);
}

describe('workflows', () => {
  it('builds a workflow of three steps, reorders them, and reads each step back', async () => {
    const wf = await newWorkflow('Three steps');
    const a = await addStep(wf.id, 'single_missed', 3, 'Friendly reminder');
    const b = await addStep(wf.id, 'single_missed', 10, 'Firm reminder');
    const c = await addStep(wf.id, 'single_missed', 20, 'Escalation');
    expect((await workflow(wf.id))?.actions.map((x) => x.id)).toEqual([a.id, b.id, c.id]);
    const reordered = await api<Workflow>('PUT', '/api/workflows/', { id: wf.id, action_order: { single_missed: [c.id, a.id, b.id] } });
    expect(reordered.body.actions.map((x) => x.id)).toEqual([c.id, a.id, b.id]);
    expect((await api<WorkflowAction>('GET', `/api/workflows/action/${b.id}/`)).body).toMatchObject({ delay_days: 10, email_name: 'Firm reminder', kind: 'regular_email' });
    const edited = await api<WorkflowAction>('POST', '/api/workflows/action/', { id: b.id, workflow_id: wf.id, standing: 'single_missed', delay_days: 12, email_id: template('Urgent reminder') });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ delay_days: 12, email_name: 'Urgent reminder' });
    expect((await api('DELETE', `/api/workflows/action/${a.id}/`)).status).toBe(204);
    expectError(await api('GET', `/api/workflows/action/${a.id}/`), 404, 'NOT_FOUND');
  });

  it('renames, duplicates, disables, makes default, and deletes moving customers', async () => {
    const wf = await newWorkflow('Original');
    await addStep(wf.id, 'multiple_missed', 0, 'Urgent reminder');
    expect((await api<Workflow>('PUT', '/api/workflows/', { id: wf.id, name: 'Renamed' })).body.name).toBe('Renamed');
    const copy = (await api<Workflow>('POST', '/api/workflows/', { name: 'Copy', duplicate_of: wf.id })).body;
    expect(copy.actions.map((a) => [a.standing, a.delay_days, a.email_name])).toEqual([['multiple_missed', 0, 'Urgent reminder']]);
    expect((await api<Workflow>('PUT', '/api/workflows/', { id: copy.id, enabled: false })).body.enabled).toBe(false);

    const made = await api<Workflow>('PUT', '/api/workflows/', { id: wf.id, is_default: true });
    expect(made.body.is_default).toBe(true);
    const all = (await api<{ rows: Workflow[] }>('GET', '/api/workflows/')).body.rows;
    expect(all.filter((w) => w.is_default).map((w) => w.id)).toEqual([wf.id]);

    const customer = await insertCustomer(env.db.db, orgId, { name: 'Moves', workflowId: copy.id });
    expect((await api('DELETE', `/api/workflows/${copy.id}/?reassign_to=${wf.id}`)).status).toBe(204);
    expect((await api<{ workflow_id: string }>('GET', `/api/customers/${customer.id}`)).body.workflow_id).toBe(wf.id);
    // Put the starter back as default for the other tests.
    const standard = all.find((w) => w.name === 'Standard chasing');
    await api('PUT', '/api/workflows/', { id: standard?.id, is_default: true });
  });

  it('refuses what would leave the organisation chasing nobody, saving nothing', async () => {
    const empty = await newWorkflow();
    expectError(await api('PUT', '/api/workflows/', { id: empty.id, is_default: true }), 422, 'DOMAIN_RULE', 'is_default');
    const standard = (await api<{ rows: Workflow[] }>('GET', '/api/workflows/')).body.rows.find((w) => w.is_default);
    expectError(await api('DELETE', `/api/workflows/${standard?.id}/`), 422, 'DOMAIN_RULE', 'id');
    expectError(await api('PUT', '/api/workflows/', { id: standard?.id, enabled: false }), 422, 'DOMAIN_RULE', 'enabled');
    expect((await workflow(standard?.id ?? ''))?.enabled).toBe(true);
  });

  it.each([
    [{ delay_days: 366 }, 'delay_days'],
    [{ delay_days: -1 }, 'delay_days'],
    [{ delay_days: 1.5 }, 'delay_days'],
    [{ standing: 'paused' }, 'standing'],
    [{ email_id: 'nope' }, 'email_id'],
  ])('answers 400 for a step with %j, naming %s', async (over, field) => {
    const wf = await newWorkflow();
    const body = { workflow_id: wf.id, standing: 'single_missed', delay_days: 1, email_id: template('Firm reminder'), ...over };
    expectError(await api('POST', '/api/workflows/action/', body), 400, 'VALIDATION_FAILED', field);
    expect((await workflow(wf.id))?.actions).toEqual([]);
  });

  it('answers 422 for an order that does not list the standing’s steps once each', async () => {
    const wf = await newWorkflow();
    const a = await addStep(wf.id, 'single_missed', 1, 'Firm reminder');
    await addStep(wf.id, 'single_missed', 2, 'Firm reminder');
    expectError(await api('PUT', '/api/workflows/', { id: wf.id, action_order: { single_missed: [a.id, a.id] } }), 422, 'DOMAIN_RULE', 'action_order.single_missed');
  });

  it('treats another organisation’s workflow, step and template as not found', async () => {
    const theirs = (await otherApi<{ rows: Workflow[] }>('GET', '/api/workflows/')).body.rows[0];
    const theirStep = theirs?.actions[0];
    const theirTemplate = (await otherApi<EmailTemplateListResponse>('GET', '/api/emails/')).body.rows[0];
    expectError(await api('PUT', '/api/workflows/', { id: theirs?.id, name: 'Mine now' }), 404, 'NOT_FOUND', 'id');
    expectError(await api('GET', `/api/workflows/action/${theirStep?.id}/`), 404, 'NOT_FOUND');
    expectError(await api('DELETE', `/api/workflows/action/${theirStep?.id}/`), 404, 'NOT_FOUND');
    const mine = await newWorkflow();
    const res = await api('POST', '/api/workflows/action/', { workflow_id: mine.id, standing: 'single_missed', delay_days: 1, email_id: theirTemplate?.id });
    expectError(res, 404, 'NOT_FOUND', 'email_id');
    expectError(await api('POST', '/api/workflows/action/', { workflow_id: theirs?.id, standing: 'single_missed', delay_days: 1, email_id: template('Firm reminder') }), 404, 'NOT_FOUND', 'workflow_id');
    expectError(await api('PUT', `/api/customers/${(await insertCustomer(env.db.db, orgId)).id}/`, { workflow_id: theirs?.id }), 404, 'NOT_FOUND', 'workflow_id');
  });
});

describe('POST /api/workflows/{id}/preview/{customerId}/', () => {
  it('shows each email the workflow would send, when, to whom and rendered, creating nothing', async () => {
    const c = await insertCustomer(env.db.db, orgId, { name: 'Late Payer Ltd' });
    await insertContact(env.db.db, orgId, c.id, { name: 'Pat Primary', email: 'pat@late.example', role: 'primary' });
    await insertContact(env.db.db, orgId, c.id, { name: 'Esme Boss', email: 'esme@late.example', role: 'escalation' });
    await insertInvoice(env.db.db, orgId, c.id, { amountDue: 50_000, dueDate: isoDay(-2), number: 'INV-9' });
    await refreshCustomerFigures(env.db.db, orgId);
    const wf = await newWorkflow('Preview me');
    await addStep(wf.id, 'single_missed', 5, 'Friendly reminder');
    await addStep(wf.id, 'single_missed', 15, 'Escalation');
    const settings = (await api<ChasingSettings>('GET', '/api/settings/chasing')).body;
    const res = await api<WorkflowPreview>('POST', `/api/workflows/${wf.id}/preview/${c.id}/`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.note).toBeNull();
    const [first, second] = res.body.steps;
    expect(first).toMatchObject({ kind: 'regular_email', to: [{ name: 'Pat Primary', email: 'pat@late.example' }], cc: [], problem: null });
    expect(second).toMatchObject({ kind: 'escalation_email', to: [{ email: 'esme@late.example' }], cc: [{ email: 'pat@late.example' }] });
    expect(first?.text).toContain('Hi Pat,');
    expect(first?.text).toContain('INV-9');
    expect(second?.text).toContain('Dear Esme Boss');
    expect(new Date(second?.send_at ?? 0) > new Date(first?.send_at ?? 0)).toBe(true);
    // Inside the window on a working day, in the organisation's zone.
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: settings.time_zone, hour: '2-digit', minute: '2-digit', weekday: 'short', hourCycle: 'h23' });
    for (const step of res.body.steps) {
      const text = local.format(new Date(step.send_at));
      expect(text).toMatch(/^(Mon|Tue|Wed|Thu|Fri) /);
      const time = text.slice(4);
      expect(time >= settings.send_window_start && time < settings.send_window_end).toBe(true);
    }
  });

  it('says why nothing is planned for a customer in good standing', async () => {
    const c = await insertCustomer(env.db.db, orgId, { name: 'Pays on time' });
    const wf = (await api<{ rows: Workflow[] }>('GET', '/api/workflows/')).body.rows.find((w) => w.is_default);
    const res = await api<WorkflowPreview>('POST', `/api/workflows/${wf?.id}/preview/${c.id}/`);
    expect(res.body.steps).toEqual([]);
    expect(res.body.note).toContain('nothing overdue');
  });

  it('treats another organisation’s customer as not found', async () => {
    const theirs = await insertCustomer(env.db.db, (await env.signUp()).orgId);
    const wf = (await api<{ rows: Workflow[] }>('GET', '/api/workflows/')).body.rows[0];
    expectError(await api('POST', `/api/workflows/${wf?.id}/preview/${theirs.id}/`), 404, 'NOT_FOUND', 'customerId');
  });
});

describe('Settings → Chasing', () => {
  it('saves the window, working days and cap, read in the organisation’s zone and holidays (set in Settings → Organisation)', async () => {
    const { name } = (await api<OrganisationProfile>('GET', '/api/organisation/profile')).body;
    const profile = { name, default_currency: 'GBP', time_zone: 'Europe/Berlin', holiday_region: 'DE-BY' };
    expect((await api('PUT', '/api/organisation/profile', profile)).status).toBe(200);
    const body = { send_window_start: '08:30', send_window_end: '16:00', working_days: [5, 1, 2], weekly_cap: 3 };
    const res = await api<ChasingSettings>('PUT', '/api/settings/chasing', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ ...body, time_zone: 'Europe/Berlin', holiday_region: 'DE-BY', working_days: [1, 2, 5], sending_mode: 'dryrun' });
    expect((await api<ChasingSettings>('GET', '/api/settings/chasing')).body.holiday_region).toBe('DE-BY');
    expect((await otherApi<ChasingSettings>('GET', '/api/settings/chasing')).body.time_zone).toBe('Europe/London');
  });

  it.each([
    [{ send_window_start: '17:00', send_window_end: '09:00' }, 'send_window_end'],
    [{ send_window_start: '25:00' }, 'send_window_start'],
    [{ working_days: [] }, 'working_days'],
    [{ working_days: [8] }, 'working_days[0]'],
    [{ weekly_cap: 0 }, 'weekly_cap'],
    // The organisation's own, since decision 0028: refused by name rather than silently ignored.
    [{ time_zone: 'Europe/Paris' }, 'time_zone'],
    [{ holiday_region: 'GB-ENG' }, 'holiday_region'],
  ])('answers 400 for %j, naming %s, and keeps the old settings', async (over, field) => {
    const before = (await api<ChasingSettings>('GET', '/api/settings/chasing')).body;
    const body = { send_window_start: '09:00', send_window_end: '17:00', working_days: [1, 2, 3, 4, 5], weekly_cap: 2, ...over };
    expectError(await api('PUT', '/api/settings/chasing', body), 400, 'VALIDATION_FAILED', field);
    expect((await api<ChasingSettings>('GET', '/api/settings/chasing')).body).toEqual(before);
  });

  it('lists holiday regions by name', async () => {
    const res = await api<{ rows: { code: string; name: string }[] }>('GET', '/api/settings/holiday-regions');
    expect(res.body.rows).toEqual(expect.arrayContaining([{ code: 'GB-SCT', name: 'United Kingdom — Scotland' }, { code: 'DE', name: 'Germany' }]));
  });
});

describe('GET /api/customers/{id}/plan/', () => {
  it('shows the default workflow and its next email, then the one assigned in bulk', async () => {
    const c = await insertCustomer(env.db.db, orgId, { name: 'Planned Ltd' });
    await insertContact(env.db.db, orgId, c.id, { email: 'ap@planned.example', role: 'primary' });
    await insertInvoice(env.db.db, orgId, c.id, { amountDue: 10_000, dueDate: isoDay(-1) });
    await refreshCustomerFigures(env.db.db, orgId);
    const before = (await api<CustomerPlan>('GET', `/api/customers/${c.id}/plan/`)).body;
    expect(before).toMatchObject({ follows_default: true, workflow: { name: 'Standard chasing' }, next: { email_name: 'Friendly reminder', kind: 'regular_email' }, note: null });

    const wf = await newWorkflow('Assigned in bulk');
    await addStep(wf.id, 'single_missed', 2, 'Urgent reminder');
    const bulk = await api<{ updated: number }>('POST', '/api/customers/bulk', { customer_ids: [c.id], action: { type: 'assign_workflow', workflow_id: wf.id } });
    expect(bulk.body.updated).toBe(1);
    const after = (await api<CustomerPlan>('GET', `/api/customers/${c.id}/plan/`)).body;
    expect(after).toMatchObject({ follows_default: false, workflow: { id: wf.id }, next: { email_name: 'Urgent reminder' } });
  });

  it('answers 404 for a bulk assignment of another organisation’s workflow, changing nothing', async () => {
    const theirs = (await otherApi<{ rows: Workflow[] }>('GET', '/api/workflows/')).body.rows[0];
    const c = await insertCustomer(env.db.db, orgId);
    expectError(await api('POST', '/api/customers/bulk', { customer_ids: [c.id], action: { type: 'assign_workflow', workflow_id: theirs?.id } }), 404, 'NOT_FOUND', 'action.workflow_id');
    expect((await api<{ workflow_id: string | null }>('GET', `/api/customers/${c.id}`)).body.workflow_id).toBeNull();
  });
});

describe('who follows each workflow (decision 0046)', () => {
  it('counts on the default those who chose no workflow, and on each other those who chose it', async () => {
    const owner = await env.signUp();
    const customers = await Promise.all(['One Ltd', 'Two Ltd', 'Three Ltd'].map((name) => insertCustomer(env.db.db, owner.orgId, { name })));
    const made = await owner.api<Workflow>('POST', '/api/workflows/', { name: 'Chosen by one' });
    expect(made.status, made.text).toBe(201);
    await owner.api('POST', '/api/customers/bulk', { customer_ids: [customers[0]?.id], action: { type: 'assign_workflow', workflow_id: made.body.id } });
    const rows = (await owner.api<{ rows: Workflow[] }>('GET', '/api/workflows/')).body.rows;
    const counts = rows.map((w) => [w.name, w.is_default, w.customer_count, w.default_follower_count]);
    expect(counts).toEqual([
      ['Standard chasing', true, 0, 2],
      ['Chosen by one', false, 1, 0],
    ]);
  });
});
