import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Account } from '@receivables/contracts';

import { syncCountsText, syncStatusText } from '../sync-words';

/**
 * Where an account's sync is: a bar that moves stage by stage (Stripe's lists do not say how long
 * they are: decision 0022), the stage, what has arrived so far, and why it stopped if it did.
 */
export function SyncProgress({ account }: { account: Account }) {
  const { sync } = account;
  const status = syncStatusText(account);
  const counts = syncCountsText(account);
  return (
    <Stack spacing={1.5}>
      <div>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1 }}>
          <Typography aria-live="polite" sx={{ fontWeight: 500 }}>
            {status}
          </Typography>
          <Typography color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {sync.percent}%
          </Typography>
        </Stack>
        <LinearProgress
          variant="determinate"
          value={sync.percent}
          color={sync.status === 'failed' ? 'error' : 'primary'}
          aria-label={`Sync of ${account.external_account_id}`}
          aria-valuetext={`${sync.percent}%: ${status}`}
          sx={{ height: 8, borderRadius: 4 }}
        />
      </div>
      <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {counts}
      </Typography>
      {sync.status === 'failed' && sync.error ? (
        <Alert severity="error">{`${sync.error}. It carries on from where it stopped when it is tried again.`}</Alert>
      ) : null}
      {sync.problems.length > 0 ? (
        <Alert severity="warning">
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
            Left out, and why
          </Typography>
          <Stack component="ul" spacing={0.25} sx={{ m: 0, pl: 2.5 }}>
            {sync.problems.map((problem) => (
              <Typography component="li" variant="body2" key={problem.object_id} sx={{ overflowWrap: 'anywhere' }}>
                {`${problem.object_id}: ${problem.reason}`}
              </Typography>
            ))}
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
