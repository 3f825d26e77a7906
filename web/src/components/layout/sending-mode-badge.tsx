import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { SendingMode } from '@receivables/contracts';
import { useQuery } from '@tanstack/react-query';

import { organisationSettingsQueryOptions } from '../../app/api/get-organisation-settings';

/** The mode in two words, and a sentence on what it means for what happens next. */
const MODES: Record<SendingMode, { label: string; color: 'success' | 'warning' | 'error'; means: string }> = {
  sending: { label: 'Sending', color: 'success', means: 'Emails go out to customers when they fall due.' },
  dryrun: { label: 'Dry run', color: 'warning', means: 'Emails are written and kept in Activity as drafts; none reaches a customer.' },
  disabled: { label: 'Sending off', color: 'error', means: 'Nothing is planned or sent until sending is switched on in Settings.' },
};

/**
 * Whether the organisation's emails leave (decision 0019), in the top bar of every screen and for
 * everyone, a member included (decision 0040): nothing outside Settings said it. The mode is
 * switched in Settings → Email.
 */
export function SendingModeBadge({ enabled }: { enabled: boolean }) {
  // Already in the cache once a screen of the organisation has loaded (the `_authenticated` route reads it).
  const mode = useQuery({ ...organisationSettingsQueryOptions(), enabled }).data?.sending_mode;
  if (!mode) return null;
  const { label, color, means } = MODES[mode];
  return (
    <Tooltip title={means} describeChild>
      <Chip
        label={label}
        color={color}
        size="small"
        variant={mode === 'sending' ? 'outlined' : 'filled'}
        aria-label={`${label}. ${means}`}
        sx={{ fontWeight: 600, flexShrink: 0 }}
      />
    </Tooltip>
  );
}
