import type { Role, WorkflowUpdate } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { type AnsweredCall, answerApiCalls } from '../../../test/answer-api-calls';
import { customerPage } from '../../../test/customer-data';
import { chaseCalendar } from '../../../test/event-data';
import { renderRoute } from '../../../test/render-route';
import { renderWithApp } from '../../../test/render-with-app';
import { TEST_ORGANISATION } from '../../../test/signed-in';
import { actionRecord, DEFAULT_WORKFLOW_ID, FIRM_TEMPLATE_ID, OTHER_WORKFLOW_ID, templateRecord, workflowRecord } from '../../../test/workflow-data';
import { applyWorkflowUpdate } from '../workflow-steps';

import { WorkflowsScreen } from './workflows-screen';

const friendly = actionRecord({ id: '88888888-8888-4888-8888-888888888881', delay_days: 1, position: 0 });
const firm = actionRecord({ id: '88888888-8888-4888-8888-888888888882', delay_days: 7, position: 1, email_id: FIRM_TEMPLATE_ID, email_name: 'Firm reminder', tone: 'firm' });
const standard = workflowRecord({ actions: [friendly, firm], customer_count: 2, default_follower_count: 17 });
const gentle = workflowRecord({ id: OTHER_WORKFLOW_ID, name: 'Gentle chasing', is_default: false, customer_count: 2 });
const templates = [templateRecord(), templateRecord({ id: FIRM_TEMPLATE_ID, name: 'Firm reminder', tone: 'firm' })];

type Answer = (call: AnsweredCall) => Response | undefined;

/** The API of a healthy organisation with two workflows, keeping what PUT changes; `answer` goes first for what a test changes. */
function stub(answer: Answer = () => undefined) {
  let rows = [standard, gentle];
  return answerApiCalls(
    (call) => {
      const own = answer(call);
      if (own) return own;
      if (call.method === 'GET' && call.url === '/api/workflows/') return Response.json({ rows, total: rows.length });
      if (call.method === 'GET' && call.url === '/api/emails/') return Response.json({ rows: templates, total: templates.length });
      if (call.method === 'GET' && call.url.startsWith('/api/workflows/calendar/')) return Response.json(chaseCalendar('2026-11-02'));
      // The preview's customer picker: answered here, not left to reach the network (an app
      // running on the test origin's port once answered it and hung the refresh after a delete).
      if (call.method === 'GET' && call.url.startsWith('/api/customers/')) return Response.json(customerPage([], 0));
      if (call.method === 'PUT' && call.url === '/api/workflows/') {
        const update = call.body as WorkflowUpdate;
        rows = rows.map((w) => (w.id === update.id ? applyWorkflowUpdate(w, update) : w));
        return Response.json(rows.find((w) => w.id === update.id));
      }
      return undefined;
    },
  );
}

const refusal = (status: number, message: string, details: { field: string; reason: string }[] = []) =>
  Response.json({ error: { code: status === 422 ? 'DOMAIN_RULE' : 'VALIDATION_FAILED', message, details } }, { status });

function renderScreen(selectedId?: string, onSelect = vi.fn(), role: Role = 'owner') {
  renderWithApp(<WorkflowsScreen selectedId={selectedId} onSelect={onSelect} />, { path: '/workflows', organisation: { ...TEST_ORGANISATION, role } });
  return onSelect;
}

/** The steps of a section as the screen reads them, first to last. */
function stepTexts(section: string): string[] {
  const list = screen.getByRole('list', { name: `Steps: ${section}` });
  return within(list).getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent ?? '');
}

describe('WorkflowsScreen', () => {
  it('shows the default when the URL names no workflow, or one that does not exist', async () => {
    stub();
    renderScreen('99999999-9999-4999-8999-999999999999');
    expect(await screen.findByRole('heading', { level: 2, name: 'Standard chasing' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Standard chasing/ }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: /^Gentle chasing/ }).textContent).toContain('0 steps · 2 customers follow it');
    // The default counts those on it for want of a choice too (decision 0046).
    expect(screen.getByRole('link', { name: /^Standard chasing/ }).textContent).toContain('2 steps · 19 customers follow it, 2 by choice');
    expect(stepTexts('One invoice missed')).toEqual([
      '1 day after the due date — Friendly reminder (Reminder, Friendly reminder)',
      '7 days after the due date — Firm reminder (Reminder, Firm)',
    ]);
    expect(screen.getByText(/a customer with several invoices missed gets no email/)).toBeTruthy();
  });

  it('at /workflows, leaves out a workflow_id that is not an id and shows the default, rather than failing', async () => {
    stub();
    const { router } = renderRoute('/workflows?workflow_id=not-a-uuid');
    expect(await screen.findByRole('heading', { level: 2, name: 'Standard chasing' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Workflows' })).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(router.state.location.search).toEqual({});
  });

  it('shows a member the workflows to read, with why they cannot change them, and no control to change them', async () => {
    stub();
    renderScreen(OTHER_WORKFLOW_ID, vi.fn(), 'member');
    expect(await screen.findByRole('heading', { level: 2, name: 'Gentle chasing' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('Only an admin or the owner can change workflows.');
    for (const name of ['New workflow', 'Rename', 'Duplicate', 'Make default', 'Delete']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getByRole('switch', { name: 'Enabled' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows a member the steps without the handles to move, edit or remove them', async () => {
    stub();
    renderScreen(undefined, vi.fn(), 'member');
    await screen.findByRole('heading', { level: 2, name: 'Standard chasing' });
    expect(stepTexts('One invoice missed')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^(Add step|Reorder|Move up|Move down|Edit|Remove)/ })).toBeNull();
  });

  it('gives an admin every control a workflow has', async () => {
    stub();
    renderScreen(OTHER_WORKFLOW_ID, vi.fn(), 'admin');
    expect(await screen.findByRole('button', { name: 'Make default' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New workflow' })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('shows the workflow the URL names', async () => {
    stub();
    renderScreen(OTHER_WORKFLOW_ID);
    expect(await screen.findByRole('heading', { level: 2, name: 'Gentle chasing' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Make default' })).toBeTruthy();
  });

  it('saves the new order when a step moves down, and says where it went', async () => {
    const calls = stub();
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Move down: 1 day after the due date — Friendly reminder' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ id: DEFAULT_WORKFLOW_ID, action_order: { single_missed: [firm.id, friendly.id] } });
    await waitFor(() => expect(stepTexts('One invoice missed')[0]).toContain('7 days after'));
    // Focus stays on the pressed button, now on the last row, where Move down is disabled: its twin takes it.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move up: 1 day after the due date — Friendly reminder' })));
    expect(screen.getByText('1 day after the due date — Friendly reminder moved to position 2 of 2.')).toBeTruthy();
    expect(screen.getByText(/Emails go out in order of their day/)).toBeTruthy();
  });

  it('shows the server’s refusal to remove the default’s last step, and keeps the step', async () => {
    const message = 'The default workflow needs at least one step: make another workflow the default, or add a step first';
    stub((call) => (call.method === 'DELETE' ? refusal(422, message, [{ field: 'id', reason: 'is the default workflow’s last step' }]) : undefined));
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove: 7 days after the due date — Firm reminder' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(stepTexts('One invoice missed')).toHaveLength(2);
  });

  it('checks a step’s delay before sending it, and puts the server’s verdict next to its field', async () => {
    const calls = stub((call) =>
      call.url === '/api/workflows/action/' ? refusal(400, 'Invalid request', [{ field: 'delay_days', reason: 'must be 0–365 days' }]) : undefined,
    );
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Add step to “Several invoices missed”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a step' });
    // Which part of the workflow it joins, said plainly: no alert before anything went wrong (decision 0046).
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Part of “Several invoices missed”');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    const days = within(dialog).getByLabelText(/Days after the due date/);
    fireEvent.change(days, { target: { value: '400' } });
    fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: /Template/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Firm reminder (Reminder, Firm)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add step' }));
    expect(await within(dialog).findByText('Enter a whole number of days from 0 to 365')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/workflows/action/')).toBe(false);

    fireEvent.change(days, { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add step' }));
    expect(await within(dialog).findByText('must be 0–365 days')).toBeTruthy();
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(calls.find((c) => c.url === '/api/workflows/action/')?.body).toEqual({
      workflow_id: DEFAULT_WORKFLOW_ID,
      standing: 'multiple_missed',
      delay_days: 3,
      email_id: FIRM_TEMPLATE_ID,
      repeat_days: null,
    });
  });

  it('adds a reminder before the due date, counted back from it, and a step that repeats', async () => {
    const calls = stub();
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Add step to “Before the due date”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a step' });
    fireEvent.change(within(dialog).getByLabelText(/Days before the due date/), { target: { value: '3' } });
    fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: /Template/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Firm reminder (Reminder, Firm)' }));
    const repeat = within(dialog).getByLabelText(/Repeat every/);
    fireEvent.change(repeat, { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add step' }));
    expect(await within(dialog).findByText('Leave empty to send once, or enter 7 to 90 days')).toBeTruthy();
    fireEvent.change(repeat, { target: { value: '7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add step' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/workflows/action/')?.body).toEqual({
        workflow_id: DEFAULT_WORKFLOW_ID,
        standing: 'in_good_standing',
        delay_days: -3,
        email_id: FIRM_TEMPLATE_ID,
        repeat_days: 7,
      }));
  });

  it('asks where a deleted workflow’s customers go, and sends them there', async () => {
    const third = workflowRecord({ id: '66666666-6666-4666-8666-666666666663', name: 'Quarterly', is_default: false });
    const calls = stub((call) => {
      if (call.method === 'GET' && call.url === '/api/workflows/') return Response.json({ rows: [standard, gentle, third], total: 3 });
      return call.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined;
    });
    const onSelect = renderScreen(OTHER_WORKFLOW_ID);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Gentle chasing”?' });
    expect(dialog.textContent).toContain('2 customers follow this workflow');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Move its customers to' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['The default workflow (Standard chasing)', 'Quarterly']);
    fireEvent.click(screen.getByRole('option', { name: 'Quarterly' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete workflow' }));
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(undefined));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`/api/workflows/${OTHER_WORKFLOW_ID}/?reassign_to=${third.id}`]);
  });

  it('says when there is no workflow at all', async () => {
    stub((call) => (call.url === '/api/workflows/' ? Response.json({ rows: [], total: 0 }) : undefined));
    renderScreen();
    expect(await screen.findByText('No workflows yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create a workflow' })).toBeTruthy();
  });

  it('offers a retry when the list fails to load', async () => {
    let fail = true;
    stub((call) => (call.url === '/api/workflows/' && fail ? Response.json({ error: { code: 'INTERNAL', message: 'Database unavailable' } }, { status: 503 }) : undefined));
    renderScreen();
    expect(await screen.findByText('Failed to load workflows')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Standard chasing' })).toBeTruthy();
  });
});
