import Button from '@mui/material/Button';
import { useRef, type ReactNode } from 'react';

import { SelectionToolbar } from '../../../components/selection-toolbar';
import { formatCount } from '../../../lib/format';

interface CustomerSelectionToolbarProps {
  /** Rows selected on the current page. */
  count: number;
  /** How many customers the list's search and filters match in all. */
  total: number;
  /** Every matching customer is selected, not only this page's rows. */
  isAllMatching: boolean;
  /** Offer to select every matching customer (the whole page is selected and more match). */
  canSelectAllMatching: boolean;
  onSelectAllMatching: () => void;
  onClear: () => void;
  /** Bulk actions on the selected customers (add/remove tag, pause/resume). */
  bulkActions?: ReactNode;
}

/** Shown while rows are selected: how many, the offer to take every match, and the actions. */
export function CustomerSelectionToolbar(props: CustomerSelectionToolbarProps) {
  const { count, total, isAllMatching, canSelectAllMatching, onSelectAllMatching, onClear, bulkActions } = props;
  const clearButton = useRef<HTMLButtonElement>(null);

  return (
    <SelectionToolbar
      label={isAllMatching ? `All ${formatCount(total)} matching customers are selected` : `${formatCount(count)} selected`}
      onClear={onClear}
      clearRef={clearButton}
    >
      {canSelectAllMatching && !isAllMatching ? (
        <Button
          size="small"
          onClick={() => {
            // This button goes away once chosen: keep keyboard focus in the toolbar.
            clearButton.current?.focus();
            onSelectAllMatching();
          }}
          sx={{ textAlign: 'left' }}
        >
          Select all {formatCount(total)} matching customers
        </Button>
      ) : null}
      {bulkActions}
    </SelectionToolbar>
  );
}
