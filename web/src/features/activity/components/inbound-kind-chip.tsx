import Chip from '@mui/material/Chip';
import type { InboundKind } from '@receivables/contracts';

import { INBOUND_KIND_LABELS } from '../inbound-words';

/** "Reply" or "Auto-reply": a person's answer in the primary colour, a machine's plain. */
export function InboundKindChip({ kind }: { kind: InboundKind }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={kind === 'reply' ? 'primary' : 'default'}
      label={INBOUND_KIND_LABELS[kind]}
      sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}
    />
  );
}
