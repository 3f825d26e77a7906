import type { CustomerBulkOperation } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';

import { apiError, type ApiAnswer, type ApiRequest, apiRequests, onApi, withStatus } from '../../../test/api-handlers';
import { answerBulkJobPolls, BULK_JOB_ID, bulkJobRecord } from '../../../test/bulk-job-data';
import { customerRecord } from '../../../test/customer-data';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-with-app';
import { TEST_ORGANISATION } from '../../../test/signed-in';
import { OTHER_WORKFLOW_ID, workflowRecord } from '../../../test/workflow-data';

import { CustomerBulkActions } from './customer-bulk-actions';
import { CustomerBulkJobPanel } from './customer-bulk-job-panel';

const VIP = { id: '44444444-4444-4444-8444-444444444441', name: 'VIP', colour: '#3949ab' };
const A = customerRecord({ tags: [VIP] });
const B = customerRecord({ id: '22222222-2222-4222-8222-222222222222', name: 'Globex' });

/** The organisation's tags are VIP alone; bulk actions answer `bulk`. */
function answerBulk(bulk: ApiAnswer<'POST /api/customers/bulk'>) {
  server.use(onApi('GET /api/tags', { rows: [VIP], total: 1 }), onApi('POST /api/customers/bulk', bulk));
}

const updatedAll = { updated: 2, customer_ids: [A.id, B.id] };

/**
 * Every match is a job: the POST answers 202 with it just accepted, and its polls answer it
 * finished with `updated` of 12,345 changed.
 */
function answerBulkJob(action: CustomerBulkOperation, updated: number) {
  const accepted = bulkJobRecord({ action, total: 12_345 });
  answerBulk(withStatus(202, accepted));
  server.use(answerBulkJobPolls([{ ...accepted, status: 'succeeded', processed: 12_345, updated, finished_at: '2026-11-03T10:00:03Z' }]));
}

/** The bulk actions over every match, with the list's progress panel beside them as on the list. */
function renderMatching(count = 12_345, q?: string) {
  const matching = { query: { ...(q ? { q } : {}), filter_str: '[]' }, count };
  const onDone = vi.fn();
  renderWithApp(
    <>
      <CustomerBulkActions customers={[B]} matching={matching} onDone={onDone} />
      <CustomerBulkJobPanel />
    </>,
  );
  return { onDone, panel: () => screen.findByRole('region', { name: 'Bulk action' }) };
}
const bulkCalls = (): ApiRequest[] => apiRequests('POST /api/customers/bulk');

describe('CustomerBulkActions', () => {
  it('adds a new tag by name to every selected customer and says how many changed', async () => {
    answerBulk(updatedAll);
    const onDone = vi.fn();
    renderWithApp(<CustomerBulkActions customers={[A, B]} onDone={onDone} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Add tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a tag' });
    const input = within(dialog).getByRole('combobox', { name: 'Add tag' });
    fireEvent.change(input, { target: { value: 'Key account' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Add “Key account”' }));

    expect(await screen.findByText('Tag “Key account” added to 2 customers')).toBeTruthy();
    expect(onDone).toHaveBeenCalledTimes(1);
    const [call] = bulkCalls();
    expect(call).toMatchObject({ method: 'POST', body: { customer_ids: [A.id, B.id], action: { type: 'add_tag', tag: { name: 'Key account' } } } });
    expect(call!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('puts the focus in the Add tag field as its dialog opens, so typing goes straight into it', async () => {
    answerBulk(updatedAll);
    renderWithApp(<CustomerBulkActions customers={[A]} onDone={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a tag' });
    const input = within(dialog).getByRole('combobox', { name: 'Add tag' });
    // Still there once the organisation's tags have loaded into it.
    await within(dialog).findByText('To the selected customer: choose a tag or type a new name.');
    await waitFor(() => expect(document.activeElement).toBe(input));
  });

  it('pauses until a chosen date with a fresh key each time', async () => {
    answerBulk(updatedAll);
    renderWithApp(<CustomerBulkActions customers={[A, B]} onDone={() => undefined} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Pause' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause 2 customers' });
    const until = dayjs().add(10, 'day');
    const field = dialog.querySelector<HTMLInputElement>('input.MuiPickersInputBase-input');
    fireEvent.change(field!, { target: { value: until.format('DD/MM/YYYY') } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));

    expect(await screen.findByText(/^2 customers paused until /)).toBeTruthy();
    expect(bulkCalls()).toEqual([
      expect.objectContaining({ body: { customer_ids: [A.id, B.id], action: { type: 'pause', until: until.format('YYYY-MM-DD') } } }),
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    const again = await screen.findByRole('dialog', { name: 'Pause 2 customers' });
    fireEvent.click(within(again).getByRole('radio', { name: 'Indefinitely' }));
    fireEvent.click(within(again).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('2 customers paused indefinitely')).toBeTruthy();
    const [first, second] = bulkCalls();
    expect(second!.body).toEqual({ customer_ids: [A.id, B.id], action: { type: 'pause', until: null } });
    expect(second!.headers['idempotency-key']).not.toBe(first!.headers['idempotency-key']);
  });

  it('offers only the tags on the selected rows for removal', async () => {
    answerBulk({ updated: 1, customer_ids: [A.id] });
    renderWithApp(<CustomerBulkActions customers={[A, B]} onDone={() => undefined} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Remove tag' }));
    const menu = await screen.findByRole('menu', { name: 'Tag to remove' });
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['VIP']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'VIP' }));

    expect(await screen.findByText('Tag “VIP” removed from 1 customer')).toBeTruthy();
    expect(bulkCalls()[0]!.body).toEqual({ customer_ids: [A.id, B.id], action: { type: 'remove_tag', tag_id: VIP.id } });
  });

  it('over every match, sends matching instead of ids, offers every tag of the organisation for removal, and follows the job', async () => {
    answerBulkJob({ type: 'remove_tag', tag_id: VIP.id }, 1_234);
    const { onDone, panel } = renderMatching(12_345, 'acme');

    fireEvent.click(await screen.findByRole('button', { name: 'Add tag' }));
    expect(await screen.findByText(/^To the 12,345 selected customers/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    // B carries no tag, but customers on other pages may: the removal menu lists them all.
    fireEvent.click(await screen.findByRole('button', { name: 'Remove tag' }));
    const menu = await screen.findByRole('menu', { name: 'Tag to remove' });
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'VIP' }));
    // Thousands of customers, most off screen: it asks before removing.
    const confirm = await screen.findByRole('dialog', { name: 'Remove “VIP” from 12,345 customers?' });
    expect(bulkCalls()).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove tag' }));

    // Accepted: the selection is spent at once, and the list's panel follows the job to its end.
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(await within(await panel()).findByText('Tag “VIP” removed from 1,234 customers')).toBeTruthy();
    expect(bulkCalls()[0]!.body).toEqual({ matching: { q: 'acme', filter_str: '[]' }, action: { type: 'remove_tag', tag_id: VIP.id } });
    expect(apiRequests('GET /api/customers/bulk/:jobId')[0]!.params).toEqual({ jobId: BULK_JOB_ID });
  });

  it('over every match, asks before resuming, and Cancel sends nothing', async () => {
    answerBulkJob({ type: 'resume' }, 40);
    const { panel } = renderMatching();

    fireEvent.click(await screen.findByRole('button', { name: 'Resume' }));
    const confirm = await screen.findByRole('dialog', { name: 'Resume 12,345 customers?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bulkCalls()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resume 12,345 customers?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resume' }));
    const region = await panel();
    expect(await within(region).findByText('40 customers resumed')).toBeTruthy();
    expect(within(region).getByText('Of the 12,345 customers matching, 12,305 needed no change.')).toBeTruthy();
    expect(bulkCalls()[0]!.body).toEqual({ matching: { filter_str: '[]' }, action: { type: 'resume' } });
  });

  it('assigns a workflow to every selected customer and says how many changed', async () => {
    answerBulk({ updated: 1, customer_ids: [B.id] });
    const gentle = workflowRecord({ id: OTHER_WORKFLOW_ID, name: 'Gentle chasing', is_default: false });
    server.use(onApi('GET /api/workflows/', { rows: [workflowRecord(), gentle], total: 2 }));
    const onDone = vi.fn();
    renderWithApp(<CustomerBulkActions customers={[A, B]} onDone={onDone} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Assign workflow' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign a workflow to 2 customers' });
    expect(within(dialog).getByText('The 2 selected customers follow the workflow you choose.')).toBeTruthy();
    fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: 'Workflow' }));
    fireEvent.click(screen.getByRole('option', { name: 'Gentle chasing' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign workflow' }));

    // One of the two already followed it: the toast counts the customers that changed.
    expect(await screen.findByText('Workflow “Gentle chasing” assigned to 1 customer')).toBeTruthy();
    expect(onDone).toHaveBeenCalledTimes(1);
    const [call] = bulkCalls();
    expect(call!.body).toEqual({ customer_ids: [A.id, B.id], action: { type: 'assign_workflow', workflow_id: OTHER_WORKFLOW_ID } });
    expect(call!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('over every match, names the count and sends matching with the organisation default as null', async () => {
    answerBulkJob({ type: 'assign_workflow', workflow_id: null }, 12_000);
    server.use(onApi('GET /api/workflows/', { rows: [workflowRecord()], total: 1 }));
    const { panel } = renderMatching(12_345, 'acme');

    fireEvent.click(await screen.findByRole('button', { name: 'Assign workflow' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign a workflow to 12,345 customers' });
    const scope = /^Every customer matching the search and filters \(12,345 customers\), including those on other pages/;
    expect(within(dialog).getByText(scope)).toBeTruthy();
    const select = await within(dialog).findByRole('combobox', { name: 'Workflow' });
    expect(select.textContent).toBe('Organisation default (Standard chasing)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign workflow' }));

    expect(await within(await panel()).findByText('12,000 customers set to follow the organisation default (Standard chasing)')).toBeTruthy();
    expect(bulkCalls()[0]!.body).toEqual({ matching: { q: 'acme', filter_str: '[]' }, action: { type: 'assign_workflow', workflow_id: null } });
  });

  it('over every match, shows a refusal (too many match) and keeps the selection', async () => {
    answerBulk(apiError(422, 'DOMAIN_RULE', 'More than 100,000 customers match; narrow the search or filters to act on at most 100,000 at once'));
    const { onDone } = renderMatching(100_001);
    fireEvent.click(await screen.findByRole('button', { name: 'Resume' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resume 100,001 customers?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText(/^More than 100,000 customers match/)).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Bulk action' })).toBeNull();
  });

  it('shows the server’s message and keeps the selection when an action fails', async () => {
    answerBulk(apiError(400, 'VALIDATION_FAILED', 'Too many customers at once.'));
    const onDone = vi.fn();
    renderWithApp(<CustomerBulkActions customers={[A]} onDone={onDone} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Too many customers at once.')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('offers a member no bulk action, with the reason in their place', async () => {
    renderWithApp(<CustomerBulkActions customers={[A, B]} onDone={() => undefined} />, { organisation: { ...TEST_ORGANISATION, role: 'member' } });
    expect(await screen.findByText('Only an admin or the owner can change customers in bulk.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
