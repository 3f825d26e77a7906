import LockOutlined from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { Customer, CustomerBulkMatchingInput, CustomerBulkOperation, Tag } from '@receivables/contracts';
import { useState } from 'react';

import { formatCount, formatLongDate } from '../../../lib/format';
import { useNotify } from '../../../lib/use-notify';
import { usePermission } from '../../organisation/use-permission';
import { useBulkUpdateCustomers } from '../api/bulk-update-customers';
import { useTags } from '../api/get-tags';

import { type BulkConfirmation, CustomerBulkConfirmDialog } from './customer-bulk-confirm-dialog';
import { CustomerBulkPauseDialog } from './customer-bulk-pause-dialog';
import { CustomerBulkTagDialog } from './customer-bulk-tag-dialog';
import { CustomerBulkWorkflowDialog } from './customer-bulk-workflow-dialog';
import type { TagChoice } from './tag-picker';
import type { WorkflowChoice } from './workflow-choice-dialog';

/** "1 customer", "3 customers". */
export function customersCount(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'customer' : 'customers'}`;
}

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
 * `POST /api/customers/bulk`.
 */
export function CustomerBulkActions({ customers, matching, onDone }: CustomerBulkActionsProps) {
  const notify = useNotify();
  const bulk = useBulkUpdateCustomers();
  const [dialog, setDialog] = useState<'tag' | 'pause' | 'workflow' | null>(null);
  const [removeAnchor, setRemoveAnchor] = useState<HTMLElement | null>(null);
  const [confirmation, setConfirmation] = useState<BulkConfirmation | null>(null);
  const bulkEditing = usePermission('bulk');
  // Over every match, the page's rows do not show which tags are present: offer them all.
  const allTags = useTags({ enabled: matching !== undefined });
  const present = matching ? (allTags.data?.rows ?? []) : tagsOn(customers);
  const count = matching ? matching.count : customers.length;
  const target = matching ? { matching: matching.query } : { customer_ids: customers.map((c) => c.id) };

  /** Sends one action; true when it succeeded (the toast is shown either way). */
  const run = async (action: CustomerBulkOperation, describe: (updated: string) => string): Promise<boolean> => {
    try {
      const result = await bulk.mutateAsync({ ...target, action });
      notify(describe(customersCount(result.updated)), 'success');
      setDialog(null);
      setConfirmation(null);
      onDone();
      return true;
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The action failed.', 'error');
      return false;
    }
  };

  const addTag = (choice: TagChoice) =>
    run({ type: 'add_tag', tag: 'id' in choice ? { id: choice.id } : { name: choice.name } }, (n) => `Tag “${choice.name}” added to ${n}`);
  /** Over every match, the actions without a dialog of their own ask first. */
  const confirmFirst = (next: BulkConfirmation) => {
    if (matching) setConfirmation(next);
    else next.onConfirm();
  };
  const removeTag = (tag: Tag) => {
    setRemoveAnchor(null);
    confirmFirst({
      title: `Remove “${tag.name}” from ${customersCount(count)}?`,
      body: 'Every customer matching the search and filters loses this tag, including those on other pages.',
      confirmLabel: 'Remove tag',
      onConfirm: () => void run({ type: 'remove_tag', tag_id: tag.id }, (n) => `Tag “${tag.name}” removed from ${n}`),
    });
  };
  const pause = (until: string | null) =>
    run({ type: 'pause', until }, (n) => (until ? `${n} paused until ${formatLongDate(until)}` : `${n} paused indefinitely`));
  const assignWorkflow = ({ workflowId, label }: WorkflowChoice) =>
    run({ type: 'assign_workflow', workflow_id: workflowId }, (n) => (workflowId ? `Workflow “${label}” assigned to ${n}` : `${n} set to follow ${label}`));
  const resume = () =>
    confirmFirst({
      title: `Resume ${customersCount(count)}?`,
      body: 'Every paused customer matching the search and filters is chased again, as their standing says, including those on other pages.',
      confirmLabel: 'Resume',
      onConfirm: () => void run({ type: 'resume' }, (n) => `${n} resumed`),
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

  const busy = bulk.isPending;
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
        <CustomerBulkConfirmDialog confirmation={confirmation} isPending={busy} onClose={() => setConfirmation(null)} />
      ) : null}
    </>
  );
}
