import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { customerKeys } from '../../../app/query-keys/customer-keys';
import { apiError, apiRequests, onApi } from '../../../test/api-handlers';
import { answerBulkJobPolls, BULK_JOB_ID, bulkJobRecord } from '../../../test/bulk-job-data';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-with-app';
import { type FollowedBulkJob, followBulkJob } from '../use-followed-bulk-job';

import { CustomerBulkJobPanel } from './customer-bulk-job-panel';

const PAUSE: FollowedBulkJob = { id: BULK_JOB_ID, action: { type: 'pause', until: null }, names: {} };

/** The panel on its own, following `followed` as the bulk actions would once the job was accepted. */
function renderFollowing(followed: FollowedBulkJob) {
  const rendered = renderWithApp(<CustomerBulkJobPanel />);
  // A list query the job's end must refresh.
  rendered.queryClient.setQueryData([...customerKeys.lists, { limit: 25 }], { rows: [], total: 0 });
  act(() => followBulkJob(rendered.queryClient, followed));
  return rendered;
}

describe('CustomerBulkJobPanel', () => {
  it('shows nothing while no job is followed', () => {
    renderWithApp(<CustomerBulkJobPanel />);
    expect(screen.queryByRole('region', { name: 'Bulk action' })).toBeNull();
  });

  it('polls a running job, showing how far it is, then what changed; the list is refreshed and the result dismissed', async () => {
    server.use(
      answerBulkJobPolls([
        bulkJobRecord({ processed: 12_300, updated: 1_500 }),
        bulkJobRecord({ processed: 64_000, updated: 8_000 }),
        bulkJobRecord({ status: 'succeeded', processed: 100_000, updated: 12_000, finished_at: '2026-11-03T10:00:15Z' }),
      ]),
    );
    const { queryClient } = renderFollowing(PAUSE);

    const region = await screen.findByRole('region', { name: 'Bulk action' });
    // Focus comes here: the toolbar that started it went with the selection.
    expect(document.activeElement).toBe(region);
    expect(await within(region).findByText('Paused 12,300 of 100,000 customers…')).toBeTruthy();
    const bar = within(region).getByRole('progressbar', { name: 'Bulk action progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('12');
    expect(bar.getAttribute('aria-valuetext')).toBe('Paused 12,300 of 100,000 customers…');
    expect(within(region).getByText('You can keep working: the list refreshes when it is done.')).toBeTruthy();

    expect(await within(region).findByText('Paused 64,000 of 100,000 customers…')).toBeTruthy();
    expect(await within(region).findByText('12,000 customers paused indefinitely')).toBeTruthy();
    expect(within(region).getByText('Of the 100,000 customers matching, 88,000 needed no change.')).toBeTruthy();
    expect(within(region).queryByRole('progressbar')).toBeNull();
    expect(queryClient.getQueryState([...customerKeys.lists, { limit: 25 }])?.isInvalidated).toBe(true);

    // Done: polling stops.
    const polls = apiRequests('GET /api/customers/bulk/:jobId').length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(apiRequests('GET /api/customers/bulk/:jobId')).toHaveLength(polls);

    fireEvent.click(within(region).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk action' })).toBeNull());
  });

  it('names the tag in its words, and says when nothing matched', async () => {
    server.use(answerBulkJobPolls([bulkJobRecord({ action: { type: 'add_tag', tag: { id: '44444444-4444-4444-8444-444444444441' } }, total: 0, status: 'succeeded' })]));
    renderFollowing({ id: BULK_JOB_ID, action: { type: 'add_tag', tag: { name: 'VIP' } }, names: { tag: 'VIP' } });
    const region = await screen.findByRole('region', { name: 'Bulk action' });
    expect(await within(region).findByText('No customer matched')).toBeTruthy();
    expect(within(region).getByText('Nothing was changed.')).toBeTruthy();
  });

  it('says why a job stopped, and how far it got', async () => {
    const error = 'Stopped after 3,000 of 100,000 customers: Workflow not found, deleted while the action ran.';
    server.use(answerBulkJobPolls([bulkJobRecord({ processed: 2_000 }), bulkJobRecord({ status: 'failed', processed: 3_000, error })]));
    renderFollowing({ id: BULK_JOB_ID, action: { type: 'assign_workflow', workflow_id: '33333333-3333-4333-8333-333333333333' }, names: { workflow: 'Gentle' } });
    const region = await screen.findByRole('region', { name: 'Bulk action' });
    expect(await within(region).findByText('Assigned “Gentle” to 2,000 of 100,000 customers…')).toBeTruthy();
    const alert = await within(region).findByRole('alert');
    expect(within(alert).getByText('The bulk action stopped')).toBeTruthy();
    expect(alert.textContent).toContain(error);
  });

  it('shows a failure to read the job with a retry, and can be dismissed', async () => {
    server.use(onApi('GET /api/customers/bulk/:jobId', apiError(404, 'NOT_FOUND', 'Bulk action not found')));
    renderFollowing(PAUSE);
    const region = await screen.findByRole('region', { name: 'Bulk action' });
    expect(await within(region).findByText('Could not read the bulk action')).toBeTruthy();
    expect(within(region).getByText('Bulk action not found')).toBeTruthy();

    server.use(answerBulkJobPolls([bulkJobRecord({ processed: 500 })]));
    fireEvent.click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByText('Paused 500 of 100,000 customers…')).toBeTruthy();
  });

  it('can be dismissed when the job cannot be read', async () => {
    server.use(onApi('GET /api/customers/bulk/:jobId', apiError(404, 'NOT_FOUND', 'Bulk action not found')));
    renderFollowing(PAUSE);
    const region = await screen.findByRole('region', { name: 'Bulk action' });
    fireEvent.click(await within(region).findByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk action' })).toBeNull());
  });
});
