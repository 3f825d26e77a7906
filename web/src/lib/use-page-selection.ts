import { useState } from 'react';

const NONE: ReadonlySet<string> = new Set();

interface SelectionState {
  key: string;
  ids: ReadonlySet<string>;
  isAllMatching: boolean;
}

export interface PageSelection {
  /** The selected rows of the current page. */
  ids: ReadonlySet<string>;
  /** Every row the list's search and filters match is selected, not only this page's (the customer list offers it). */
  isAllMatching: boolean;
  select: (ids: string[], on: boolean) => void;
  selectAllMatching: () => void;
  clear: () => void;
}

/**
 * A list's selection (the customer list, Activity's outbox). It belongs to the page it was made on
 * (`pageKey`: the list query): another page, sort, search or filter clears it, so nobody acts on a
 * set they cannot see.
 */
export function usePageSelection(pageKey: string): PageSelection {
  const [state, setState] = useState<SelectionState>({ key: pageKey, ids: NONE, isAllMatching: false });
  const fresh = { key: pageKey, ids: NONE, isAllMatching: false };
  // Forget it for good (not just hide it), so coming back to the same page does not revive it.
  if (state.key !== pageKey) setState(fresh);
  const current = state.key === pageKey ? state : fresh;
  return {
    ids: current.ids,
    isAllMatching: current.isAllMatching,
    select: (ids, on) => {
      const next = new Set(current.ids);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      // Changing the page's selection by hand ends "all matching".
      setState({ key: pageKey, ids: next, isAllMatching: false });
    },
    selectAllMatching: () => setState({ ...current, isAllMatching: true }),
    clear: () => setState(fresh),
  };
}
