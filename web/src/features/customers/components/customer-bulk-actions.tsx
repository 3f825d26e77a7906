import LockOutlined from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { Customer, CustomerBulkMatchingInput, CustomerBulkOperation, Tag } from '@receivables/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { usePermission } from '../../../app/use-permission';
import { type Confirmation, ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../lib/use-notify';
import { useBulkUpdateCustomers, useStartCustomerBulkJob } from '../api/bulk-update-customers';
import { useTags } from '../api/get-tags';
import { type BulkActionNames, bulkActionWords, customersCount } from '../bulk-action-words';
import { followBulkJob } from '../use-followed-bulk-job';

import { CustomerBulkPauseDialog } from './customer-bulk-pause-dialog';
import { CustomerBulkTagDialog } from './customer-bulk-tag-dialog';
import { CustomerBulkWorkflowDialog } from './customer-bulk-workflow-dialog';
import type { TagChoice } from './tag-picker';
import type { WorkflowChoice } from './workflow-choice-dialog';

/** The tags carried by any of `customers`, once each, by name. */
function tagsOn(customers: readonly Customer[]): Tag[] {
  const byId = new Map(customers.flatMap((c) => c.tags).map((t) => [t.id, t]));
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

interface CustomerBulkActionsProps {
  /** The selected customers (rows of the current page). */
  customers: readonly Customer[];
  /** Instead of `customers`: every customer the list's search and filters match, and how many. */
  matching?: { query: CustomerBulkMatchingInput; count: number };
  /** Called after an action succeeded: the selection is spent. */
  onDone: () => void;
}

/**
 * Add/remove a tag, pause and resume, and assign a workflow for every selected customer through
 * `POST /api/customers/bulk`: the page's rows at once (a toast says what changed), every match as
 * a background job whose progress the list shows (customer-bulk-job-panel.tsx, decision 0008).
 */
export function CustomerBulkActions({ customers, matching, onDone }: CustomerBulkActionsProps) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const bulk = useBulkUpdateCustomers();
  const start = useStartCustomerBulkJob();
  const [dialog, setDialog] = useState<'tag' | 'pause' | 'workflow' | null>(null);
  const [removeAnchor, setRemoveAnchor] = useState<HTMLElement | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const bulkEditing = usePermission('bulk');
  // Over every match, the page's rows do not show which tags are present: offer them all.
  const allTags = useTags({ enabled: matching !== undefined });
  const present = matching ? (allTags.data?.rows ?? []) : tagsOn(customers);
  const count = matching ? matching.count : customers.length;

  /** Sends one action; true when it was applied, or accepted as a job (the toast or the list's progress bar says so). */
  const run = async (action: CustomerBulkOperation, names: BulkActionNames = {}): Promise<boolean> => {
    try {
      if (matching) {
        const job = await start.mutateAsync({ matching: matching.query, action });
        followBulkJob(queryClient, { id: job.id, action, names });
      } else {
        const result = await bulk.mutateAsync({ customer_ids: customers.map((c) => c.id), action });
        notify(bulkActionWords(action, names).outcome(result.updated), 'success');
      }
      setDialog(null);
      setConfirmation(null);
      onDone();
      return true;
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The action failed.', 'error');
      return false;
    }
  };

  const addTag = (choice: TagChoice) => run({ type: 'add_tag', tag: 'id' in choice ? { id: choice.id } : { name: choice.name } }, { tag: choice.name });
  /** Over every match, the actions without a dialog of their own ask first. */
  const confirmFirst = (next: Confirmation) => {
    if (matching) setConfirmation(next);
    else next.onConfirm();
  };
  const removeTag = (tag: Tag) => {
    setRemoveAnchor(null);
    confirmFirst({
      title: `Remove “${tag.name}” from ${customersCount(count)}?`,
      body: 'Every customer matching the search and filters loses this tag, including those on other pages.',
      confirmLabel: 'Remove tag',
      onConfirm: () => void run({ type: 'remove_tag', tag_id: tag.id }, { tag: tag.name }),
    });
  };
  const pause = (until: string | null) => run({ type: 'pause', until });
  const assignWorkflow = ({ workflowId, label }: WorkflowChoice) => run({ type: 'assign_workflow', workflow_id: workflowId }, { workflow: label });
  const resume = () =>
    confirmFirst({
      title: `Resume ${customersCount(count)}?`,
      body: 'Every paused customer matching the search and filters is chased again, as their standing says, including those on other pages.',
      confirmLabel: 'Resume',
      onConfirm: () => void run({ type: 'resume' }),
    });

  // A role that may not act in bulk (decision 0024) still selects, to export or to count: five
  // disabled buttons would say less than the one sentence in their place.
  if (bulkEditing.reason) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        <LockOutlined fontSize="inherit" aria-hidden />
        {bulkEditing.reason}
      </Typography>
    );
  }

  const busy = bulk.isPending || start.isPending;
  return (
    <>
      <Button size="small" variant="outlined" disabled={busy} onClick={() => setDialog('tag')} aria-haspopup="dialog">
        Add tag
      </Button>
      <Button
        size="small"
        variant="outlined"
        disabled={busy || present.length === 0}
        onClick={(event) => setRemoveAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={removeAnchor !== null}
      >
        Remove tag
      </Button>
      <Menu anchorEl={removeAnchor} open={removeAnchor !== null} onClose={() => setRemoveAnchor(null)} slotProps={{ list: { 'aria-label': 'Tag to remove' } }}>
        {present.map((tag) => (
          <MenuItem key={tag.id} onClick={() => removeTag(tag)}>
            {tag.name}
          </MenuItem>
        ))}
      </Menu>
      <Button size="small" variant="outlined" disabled={busy} onClick={() => setDialog('pause')} aria-haspopup="dialog">
        Pause
      </Button>
      <Button size="small" variant="outlined" disabled={busy} onClick={resume}>
        Resume
      </Button>
      <Button size="small" variant="outlined" disabled={busy} onClick={() => setDialog('workflow')} aria-haspopup="dialog">
        Assign workflow
      </Button>
      {dialog === 'tag' ? (
        <CustomerBulkTagDialog
          count={count}
          isPending={busy}
          onPick={(choice) => void addTag(choice)}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'pause' ? (
        <CustomerBulkPauseDialog count={count} isPending={busy} onPause={pause} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'workflow' ? (
        <CustomerBulkWorkflowDialog
          count={count}
          isAllMatching={matching !== undefined}
          isPending={busy}
          onChoose={assignWorkflow}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {confirmation ? (
        <ConfirmDialog confirmation={confirmation} isPending={busy} onClose={() => setConfirmation(null)} />
      ) : null}
    </>
  );
}
