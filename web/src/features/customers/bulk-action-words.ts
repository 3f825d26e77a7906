import type { CustomerBulkOperation } from '@receivables/contracts';

import { formatCount, formatLongDate } from '../../lib/format';

/** "1 customer", "3 customers". */
export function customersCount(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'customer' : 'customers'}`;
}

/** What the person chose, by name: the wire names a tag or a workflow by id only. */
export interface BulkActionNames {
  tag?: string;
  /** The workflow's name, or "the organisation default (…)" for none. */
  workflow?: string;
}

export interface BulkActionWords {
  /** How far a job over every match has got: "Paused 12,300 of 100,000 customers…". */
  progress: (processed: number, total: number) => string;
  /** What changed, by the count of customers that did: "12,000 customers paused indefinitely". */
  outcome: (updated: number) => string;
}

/** The words for one bulk action, the same for the named customers' toast and a job's progress bar. */
export function bulkActionWords(action: CustomerBulkOperation, names: BulkActionNames = {}): BulkActionWords {
  const { lead, outcome } = wordsOf(action, names);
  return {
    progress: (processed, total) => lead(`${formatCount(processed)} of ${customersCount(total)}`),
    outcome: (updated) => outcome(customersCount(updated)),
  };
}

type Phrase = (count: string) => string;

function wordsOf(action: CustomerBulkOperation, names: BulkActionNames): { lead: Phrase; outcome: Phrase } {
  switch (action.type) {
    case 'add_tag': {
      const tag = names.tag ?? ('name' in action.tag ? action.tag.name : 'the tag');
      return { lead: (n) => `Added “${tag}” to ${n}…`, outcome: (n) => `Tag “${tag}” added to ${n}` };
    }
    case 'remove_tag': {
      const tag = names.tag ?? 'the tag';
      return { lead: (n) => `Removed “${tag}” from ${n}…`, outcome: (n) => `Tag “${tag}” removed from ${n}` };
    }
    case 'pause': {
      const until = action.until;
      return {
        lead: (n) => `Paused ${n}…`,
        outcome: (n) => (until ? `${n} paused until ${formatLongDate(until)}` : `${n} paused indefinitely`),
      };
    }
    case 'resume':
      return { lead: (n) => `Resumed ${n}…`, outcome: (n) => `${n} resumed` };
    case 'assign_workflow': {
      if (action.workflow_id) {
        const name = names.workflow ?? 'the workflow';
        return { lead: (n) => `Assigned “${name}” to ${n}…`, outcome: (n) => `Workflow “${name}” assigned to ${n}` };
      }
      const fallback = names.workflow ?? 'the organisation default';
      return { lead: (n) => `Set ${n} to follow ${fallback}…`, outcome: (n) => `${n} set to follow ${fallback}` };
    }
  }
}
