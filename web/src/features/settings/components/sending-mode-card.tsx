import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SENDING_MODES, type SendingMode } from '@receivables/contracts';

import { SectionCard } from '../../../components/section-card';

const MODES: Record<SendingMode, { label: string; explanation: string }> = {
  dryrun: { label: 'Dry run', explanation: 'Emails are prepared and kept in Activity, but nothing leaves. New organisations start here.' },
  sending: { label: 'Sending', explanation: 'Due reminders are emailed to your customers.' },
  disabled: { label: 'Disabled', explanation: 'Nothing is scheduled and nothing is sent.' },
};

/** The sending mode, read-only here: switching it belongs with the mail delivery settings. */
export function SendingModeCard({ mode }: { mode: SendingMode }) {
  return (
    <SectionCard
      title="Sending mode"
      titleAside={<Chip label={MODES[mode].label} color={mode === 'sending' ? 'success' : mode === 'dryrun' ? 'info' : 'default'} size="small" />}
    >
      <Stack component="dl" spacing={1} sx={{ m: 0 }}>
        {SENDING_MODES.map((m) => (
          <div key={m}>
            <Typography component="dt" sx={{ fontWeight: m === mode ? 600 : 500 }}>
              {MODES[m].label}
              {m === mode ? ' (current)' : ''}
            </Typography>
            <Typography component="dd" color="text.secondary" sx={{ m: 0 }}>
              {MODES[m].explanation}
            </Typography>
          </div>
        ))}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        Switching the mode comes with the mail delivery settings (sender address and mail server), so it cannot be changed here yet.
      </Typography>
    </SectionCard>
  );
}
