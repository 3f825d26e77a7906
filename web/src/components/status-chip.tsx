import Chip, { type ChipProps } from '@mui/material/Chip';

/**
 * A state shown as a small outlined chip: its colour and, always, its word (colour alone tells
 * nothing to a colour-blind reader or a screen reader). Standings, imports and emails all use it.
 */
export function StatusChip({ label, color }: { label: string; color: ChipProps['color'] }) {
  return <Chip label={label} color={color} size="small" variant="outlined" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }} />;
}
