import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { formatCount } from '../../../lib/format';

interface CustomerSelectionToolbarProps {
  count: number;
  onClear: () => void;
  /** Bulk actions on the selected customers (add/remove tag, pause/resume). */
  bulkActions?: ReactNode;
}

/** Shown while rows are selected: how many, and the actions that apply to them. */
export function CustomerSelectionToolbar({ count, onClear, bulkActions }: CustomerSelectionToolbarProps) {
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
        bgcolor: 'action.selected',
      }}
    >
      <Typography sx={{ fontWeight: 600 }} aria-live="polite">
        {formatCount(count)} selected
      </Typography>
      {bulkActions}
      <Button size="small" onClick={onClear} sx={{ ml: 'auto' }}>
        Clear selection
      </Button>
    </Stack>
  );
}
