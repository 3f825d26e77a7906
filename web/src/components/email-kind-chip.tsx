import Chip from '@mui/material/Chip';
import { EMAIL_KIND_LABELS, type EmailKind } from '@receivables/contracts';

/**
 * "Reminder" or "Escalation". An escalation is marked by a warning-coloured border only: the
 * theme's orange as text on white falls short of 4.5:1, and the word already says it.
 */
export function EmailKindChip({ kind }: { kind: EmailKind }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={EMAIL_KIND_LABELS[kind]}
      sx={kind === 'escalation_email' ? { borderColor: 'warning.main', borderWidth: 2 } : undefined}
    />
  );
}
