import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, type ReactNode } from 'react';

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
    <Stack
      role="region"
      aria-label="Selection"
      direction="row"
      spacing={1.5}
      useFlexGap
      sx={{
        flexWrap: 'wrap',
        alignItems: 'center',
        px: { xs: 2, sm: 2.5 },
        py: 1,
        // The selected rows' own tint: MUI's grey action.selected left the primary-coloured buttons
        // at 4.46:1 (light) and 4.32:1 (dark), under WCAG AA's 4.5:1.
        bgcolor: (theme) => {
          const palette = (theme.vars ?? theme).palette;
          return theme.alpha(palette.primary.main, palette.action.selectedOpacity);
        },
      }}
    >
      <Typography sx={{ fontWeight: 600 }} aria-live="polite">
        {isAllMatching ? `All ${formatCount(total)} matching customers are selected` : `${formatCount(count)} selected`}
      </Typography>
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
      <Button ref={clearButton} size="small" onClick={onClear} sx={{ ml: 'auto' }}>
        Clear selection
      </Button>
    </Stack>
  );
}
