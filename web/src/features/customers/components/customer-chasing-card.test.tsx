import type { CustomerPlan } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, type ApiAnswer, apiRequests, onApi } from '../../../test/api-handlers';
import { customerDetail, customerRecord } from '../../../test/customer-data';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-with-app';
import { TEST_ORGANISATION } from '../../../test/signed-in';
import { actionRecord, DEFAULT_WORKFLOW_ID, OTHER_WORKFLOW_ID, planRecord, workflowRecord } from '../../../test/workflow-data';

import { CustomerChasingCard } from './customer-chasing-card';

const ESCALATION_ID = '88888888-8888-4888-8888-888888888883';
const friendly = actionRecord();
const escalate = actionRecord({ id: ESCALATION_ID, workflow_id: OTHER_WORKFLOW_ID, standing: 'multiple_missed', email_name: 'Final notice', kind: 'escalation_email', tone: 'urgent' });
const standard = workflowRecord({ actions: [friendly] });
const gentle = workflowRecord({ id: OTHER_WORKFLOW_ID, name: 'Gentle chasing', is_default: false, actions: [escalate] });
const paused = workflowRecord({ id: '66666666-6666-4666-8666-666666666663', name: 'Holiday hold', is_default: false, enabled: false });

const primary = { id: '55555555-5555-4555-8555-555555555551', name: 'Ada Payable', email: 'ap@acme.example', phone: null, role: 'primary' as const, undeliverable: null };
const customer = customerRecord({ contact: primary });

/** The plan answers `plan` (a function sees each request); the workflows are the three above. */
function answer(plan: ApiAnswer<'GET /api/customers/:id/plan/'> | (() => ApiAnswer<'GET /api/customers/:id/plan/'>)) {
  server.use(onApi('GET /api/customers/:id/plan/', plan), onApi('GET /api/workflows/', { rows: [standard, gentle, paused], total: 3 }));
}

const card = () => screen.getByRole('region', { name: 'Chasing' });

describe('CustomerChasingCard', () => {
  it('shows the default workflow and the next reminder in the organisation’s time zone, with its template, tone and recipient', async () => {
    answer(planRecord({ next: { action_id: friendly.id, email_name: 'Friendly reminder', kind: 'regular_email', send_at: '2026-12-03T14:00:00Z', deferred: [] } }));
    renderWithApp(<CustomerChasingCard customer={customer} />, { organisation: { time_zone: 'America/New_York', default_currency: 'USD', role: 'owner', sending_mode: 'sending' } });

    expect(await screen.findByText('Standard chasing (organisation default)')).toBeTruthy();
    expect(within(card()).getByText('Enabled · no workflow of its own')).toBeTruthy();
    // 14:00 UTC is 09:00 in New York: the clock the send window is set in, not the viewer's.
    expect(within(card()).getByText('3 December 2026 at 09:00')).toBeTruthy();
    expect(within(card()).getByText('(America/New_York)')).toBeTruthy();
    expect(within(card()).getByText('Reminder')).toBeTruthy();
    expect(await within(card()).findByText('Tone: Friendly reminder')).toBeTruthy();
    expect(within(card()).getByText('To the primary contact: Ada Payable <ap@acme.example>')).toBeTruthy();
    expect(within(card()).getByRole('link', { name: 'Open in Workflows' }).getAttribute('href')).toBe(`/workflows?workflow_id=${DEFAULT_WORKFLOW_ID}`);
    expect(apiRequests('GET /api/customers/:id/plan/')[0]!.url).toBe(`/api/customers/${customer.id}/plan/`);
  });

  it('says a workflow was chosen for the customer, why an escalation goes out later, and that it has no one to go to', async () => {
    answer(
      planRecord({
        workflow: { id: OTHER_WORKFLOW_ID, name: 'Gentle chasing', enabled: true },
        follows_default: false,
        next: { action_id: ESCALATION_ID, email_name: 'Final notice', kind: 'escalation_email', send_at: '2026-12-28T09:00:00Z', deferred: ['public_holiday', 'weekly_cap'] },
      }),
    );
    renderWithApp(<CustomerChasingCard customer={customer} />);

    expect(await screen.findByText('Gentle chasing')).toBeTruthy();
    expect(within(card()).getByText('Enabled · chosen for this customer')).toBeTruthy();
    expect(within(card()).getByText('Escalation')).toBeTruthy();
    expect(await within(card()).findByText('Tone: Urgent')).toBeTruthy();
    expect(within(card()).getByText('Later than its day: moved past a public holiday, held back by the weekly cap')).toBeTruthy();
    expect(within(card()).getByText('No escalation contact: add one, or this escalation cannot be sent.')).toBeTruthy();
  });

  const nothing: [string, Partial<Parameters<typeof customerRecord>[0]>, CustomerPlan, string][] = [
    ['in good standing', { standing: 'in_good_standing' }, planRecord({ note: 'Acme Widgets Ltd has nothing overdue: the workflow starts when an invoice passes its due date.' }), 'In good standing — nothing to chase'],
    ['paused until a date', { standing: 'paused', paused_until: '2026-12-03' }, planRecord({ note: 'Acme Widgets Ltd is paused: nothing is sent until chasing resumes.' }), 'Paused until 3 December 2026'],
    ['paused indefinitely', { standing: 'paused', paused_until: null }, planRecord({ note: 'Acme Widgets Ltd is paused: nothing is sent until chasing resumes.' }), 'Paused indefinitely'],
    [
      'on a disabled workflow',
      { standing: 'paused' },
      planRecord({ workflow: { id: paused.id, name: 'Holiday hold', enabled: false }, follows_default: false, note: 'This workflow is disabled: it sends nothing until it is enabled again.' }),
      'Workflow disabled — nothing is sent',
    ],
    ['with no steps for its standing', {}, planRecord({ note: 'The workflow has no steps for this standing.' }), 'Nothing planned'],
    ['with no workflow at all', {}, planRecord({ workflow: null, note: 'The organisation has no default workflow.' }), 'No workflow to follow'],
  ];

  it.each(nothing)('says in plain words why nothing is planned for a customer %s', async (_case, overrides, plan, headline) => {
    answer(plan);
    renderWithApp(<CustomerChasingCard customer={customerRecord(overrides)} />);

    expect(await screen.findByText(headline)).toBeTruthy();
    expect(within(card()).getByText(plan.note!)).toBeTruthy();
  });

  it('says that chasing stopped for a customer who owes, since when, why and what starts it again', async () => {
    answer(planRecord({ note: 'Every step for the customer’s standing has already gone out, or been stopped, in this episode.' }));
    renderWithApp(<CustomerChasingCard customer={customerRecord({ chase_stopped: { reason: 'workflow_finished', since: '2026-03-04T12:30:00Z' } })} />);

    expect(await screen.findByText('Chasing stopped — workflow finished')).toBeTruthy();
    expect(within(card()).getByText(/^Nothing more is planned since 4 March 2026\. Its workflow has sent every step/)).toBeTruthy();
  });

  it('shows a disabled workflow as disabled', async () => {
    answer(planRecord({ workflow: { id: paused.id, name: 'Holiday hold', enabled: false }, follows_default: false, note: 'This workflow is disabled: it sends nothing until it is enabled again.' }));
    renderWithApp(<CustomerChasingCard customer={customer} />);
    expect(await screen.findByText('Disabled: it sends nothing until it is enabled again · chosen for this customer')).toBeTruthy();
  });

  it('shows a skeleton while the plan loads, and the failure with a retry', async () => {
    let fail = true;
    answer(() => (fail ? apiError(500, 'INTERNAL', 'The server had a problem') : planRecord({ note: 'The workflow has no steps for this standing.' })));
    renderWithApp(<CustomerChasingCard customer={customer} />);

    expect(await screen.findByRole('status', { name: 'Loading chasing' })).toBeTruthy();
    expect(await screen.findByText('Failed to load chasing')).toBeTruthy();
    expect(within(card()).getByText('The server had a problem')).toBeTruthy();
    fail = false;
    fireEvent.click(within(card()).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing planned')).toBeTruthy();
  });

  it('changes the workflow, says so, and shows the new plan', async () => {
    let plan = planRecord({ note: 'The workflow has no steps for this standing.' });
    answer(() => plan);
    server.use(
      onApi('PUT /api/customers/:id/', () => {
        plan = planRecord({ workflow: { id: OTHER_WORKFLOW_ID, name: 'Gentle chasing', enabled: true }, follows_default: false, note: 'The workflow has no steps for this standing.' });
        return customerDetail({ ...customer, workflow_id: OTHER_WORKFLOW_ID });
      }),
    );
    renderWithApp(<CustomerChasingCard customer={customer} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Change workflow' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change workflow' });
    const select = await within(dialog).findByRole('combobox', { name: 'Workflow' });
    expect(select.textContent).toBe('Organisation default (Standard chasing)');
    fireEvent.mouseDown(select);
    const options = within(screen.getByRole('listbox', { name: 'Workflow' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Organisation default (Standard chasing)', 'Standard chasing', 'Gentle chasing', 'Holiday hold (disabled)']);
    fireEvent.click(options[2]!);
    expect(within(dialog).getByText('Follows Gentle chasing whatever the default is.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Acme Widgets Ltd now follows Gentle chasing')).toBeTruthy();
    const [put] = apiRequests('PUT /api/customers/:id/');
    expect(put).toMatchObject({ url: `/api/customers/${customer.id}/`, body: { workflow_id: OTHER_WORKFLOW_ID } });
    expect(put!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The plan is asked for again: the card shows the workflow the server now plans with.
    expect(await within(card()).findByText('Enabled · chosen for this customer')).toBeTruthy();
    expect(apiRequests('GET /api/customers/:id/plan/')).toHaveLength(2);
  });

  it('sends the customer back to the organisation default with workflow_id null', async () => {
    answer(planRecord({ workflow: { id: OTHER_WORKFLOW_ID, name: 'Gentle chasing', enabled: true }, follows_default: false }));
    server.use(onApi('PUT /api/customers/:id/', customerDetail({ ...customer, workflow_id: null })));
    renderWithApp(<CustomerChasingCard customer={customerRecord({ ...customer, workflow_id: OTHER_WORKFLOW_ID })} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Change workflow' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change workflow' });
    const select = await within(dialog).findByRole('combobox', { name: 'Workflow' });
    expect(select.textContent).toBe('Gentle chasing');
    fireEvent.mouseDown(select);
    fireEvent.click(screen.getByRole('option', { name: 'Organisation default (Standard chasing)' }));
    expect(within(dialog).getByText(/^Follows whichever workflow is the default: now Standard chasing/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Acme Widgets Ltd now follows the organisation default (Standard chasing)')).toBeTruthy();
    expect(apiRequests('PUT /api/customers/:id/')[0]!.body).toEqual({ workflow_id: null });
  });

  it('closes without a request when the choice is unchanged, and shows a refusal on the field', async () => {
    answer(planRecord());
    server.use(
      onApi('PUT /api/customers/:id/', apiError(404, 'NOT_FOUND', 'Workflow not found', [{ field: 'workflow_id', reason: 'no such workflow in this organisation' }])),
    );
    renderWithApp(<CustomerChasingCard customer={customer} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Change workflow' }));
    let dialog = await screen.findByRole('dialog', { name: 'Change workflow' });
    await within(dialog).findByRole('combobox', { name: 'Workflow' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(apiRequests('PUT /api/customers/:id/')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Change workflow' }));
    dialog = await screen.findByRole('dialog', { name: 'Change workflow' });
    fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: 'Workflow' }));
    fireEvent.click(screen.getByRole('option', { name: 'Gentle chasing' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Workflow not found: no such workflow in this organisation')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Change workflow' })).toBeTruthy();
  });

  it('offers a retry in the dialog when the workflows cannot be loaded', async () => {
    server.use(onApi('GET /api/customers/:id/plan/', planRecord()), onApi('GET /api/workflows/', apiError(500, 'INTERNAL', 'The server had a problem')));
    renderWithApp(<CustomerChasingCard customer={customer} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Change workflow' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change workflow' });
    expect(await within(dialog).findByText('Failed to load workflows')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
  });

  it('shows a member the workflow with Change workflow disabled, saying why', async () => {
    answer(planRecord());
    renderWithApp(<CustomerChasingCard customer={customer} />, { organisation: { ...TEST_ORGANISATION, role: 'member' } });
    expect(await screen.findByText('Standard chasing (organisation default)')).toBeTruthy();
    const change = within(card()).getByRole('button', { name: 'Change workflow' });
    expect(change).toHaveProperty('disabled', true);
    fireEvent.mouseOver(change.parentElement!);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Only an admin or the owner can add or change customers, invoices and payments.');
    // The workflow itself is still a link away.
    expect(within(card()).getByRole('link', { name: 'Open in Workflows' })).toBeTruthy();
  });
});
