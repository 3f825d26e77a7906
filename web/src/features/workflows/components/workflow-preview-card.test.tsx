import type { WorkflowPreview } from '@receivables/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { answerApiCalls } from '../../../test/answer-api-calls';
import { customerRecord } from '../../../test/customer-data';
import { renderWithApp } from '../../../test/render-with-app';
import { actionRecord, workflowRecord } from '../../../test/workflow-data';

import { WorkflowPreviewCard } from './workflow-preview-card';

const customer = customerRecord();
const workflow = workflowRecord({ actions: [actionRecord()] });
const step: WorkflowPreview['steps'][number] = {
  action_id: workflow.actions[0]!.id,
  standing: 'single_missed',
  delay_days: 1,
  email_id: workflow.actions[0]!.email_id,
  email_name: 'Friendly reminder',
  kind: 'regular_email',
  due_day: '2026-11-03',
  send_at: '2026-11-04T09:00:00Z',
  deferred: ['public_holiday'],
  to: [{ name: 'Ada Lovelace', email: 'ada@acme.example' }],
  cc: [],
  subject: 'A friendly reminder: £1,234.56 due',
  html: '<!doctype html><html><head><title>x</title></head><body><p>Hello Ada</p></body></html>',
  text: 'Hello Ada',
  problem: null,
};

function stub(preview: WorkflowPreview) {
  return answerApiCalls(
    (call) => {
      if (call.url.startsWith('/api/customers/?')) return Response.json({ rows: [customer], total: 1 });
      if (call.method === 'POST' && call.url === `/api/workflows/${workflow.id}/preview/${customer.id}/`) return Response.json(preview);
      return undefined;
    },
  );
}

async function pickCustomer() {
  fireEvent.change(await screen.findByRole('combobox', { name: 'Customer' }), { target: { value: 'Acme' } });
  fireEvent.click(await screen.findByRole('option', { name: /^Acme Widgets Ltd/ }));
}

describe('WorkflowPreviewCard', () => {
  it('lists when each email goes out and why it moved, and opens one in a sandboxed frame', async () => {
    const header = { customer_id: customer.id, customer_name: customer.name, standing: 'single_missed', note: null };
    stub({ ...header, steps: [step] });
    renderWithApp(<WorkflowPreviewCard workflow={workflow} />);
    await pickCustomer();
    const emails = await screen.findByRole('list', { name: 'Emails to Acme Widgets Ltd' });
    expect(emails.textContent).toContain('4 November 2026 at 09:00');
    expect(emails.textContent).toContain('Later than its day: moved past a public holiday');
    expect(emails.textContent).toContain('To: Ada Lovelace <ada@acme.example>');

    fireEvent.click(within(emails).getByRole('button', { name: 'Read email: Friendly reminder, 4 November 2026 at 09:00' }));
    const dialog = await screen.findByRole('dialog', { name: 'A friendly reminder: £1,234.56 due' });
    const frame = within(dialog).getByTitle('Email: A friendly reminder: £1,234.56 due');
    // No allow-scripts and no allow-same-origin: the email can run nothing and reach nothing of ours.
    expect(frame.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Hello Ada</p>');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Plain text' }));
    expect(within(dialog).getByLabelText('Plain-text part').textContent).toBe('Hello Ada');
    expect(within(dialog).queryByTitle(/^Email:/)).toBeNull();
  });

  it('says why nothing would be sent', async () => {
    const note = 'Acme Widgets Ltd has nothing overdue: the workflow starts when an invoice passes its due date.';
    stub({ customer_id: customer.id, customer_name: customer.name, standing: 'in_good_standing', note, steps: [] });
    renderWithApp(<WorkflowPreviewCard workflow={workflow} />);
    await pickCustomer();
    expect(await screen.findByText(note)).toBeTruthy();
  });
});
