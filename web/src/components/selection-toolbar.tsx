import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode, Ref } from 'react';

interface SelectionToolbarProps {
  /** What is selected, in words: "3 selected". */
  label: string;
  /** Between the count and Clear: the offer to take every match, the bulk actions. */
  children?: ReactNode;
  onClear: () => void;
  /** The Clear button, for a control that goes away once used to hand keyboard focus to. */
  clearRef?: Ref<HTMLButtonElement>;
}

/** Shown over a list while rows are selected (the customer list, Activity's outbox): how many, the actions, Clear. */
export function SelectionToolbar({ label, children, onClear, clearRef }: SelectionToolbarProps) {
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
        {label}
      </Typography>
      {children}
      <Button ref={clearRef} size="small" onClick={onClear} sx={{ ml: 'auto' }}>
        Clear selection
      </Button>
    </Stack>
  );
}
