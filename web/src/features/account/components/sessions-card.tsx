import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';

import { ErrorPanel } from '../../../components/error-panel';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { SectionCard } from '../../../components/section-card';
import { isRequestError } from '../../../lib/request-error';
import { useNotify } from '../../../lib/use-notify';
import { useSessions } from '../api/list-sessions';
import { useRevokeOtherSessions, useRevokeSession } from '../api/revoke-sessions';

import { SessionRow } from './session-row';

/**
 * Every browser signed in to this account, this one marked, each other one with its own sign-out.
 * better-auth lists them only to a session less than a day old (its "fresh" rule); an older one
 * is told so and can still sign every other session out.
 */
export function SessionsCard({ currentSessionId }: { currentSessionId: string }) {
  const notify = useNotify();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.filter((s) => s.id !== currentSessionId) ?? [];
  const isStale = isRequestError(sessions.error) && sessions.error.status === 403;

  const signOutOthers = () =>
    revokeOthers.mutate(undefined, { onSuccess: () => notify('Every other session is signed out.', 'success') });

  return (
    <SectionCard
      title="Where you are signed in"
      description="Sign out a browser you no longer use, or one you do not recognise."
      actions={
        <Button variant="outlined" onClick={signOutOthers} disabled={revokeOthers.isPending || (sessions.isSuccess && others.length === 0)}>
          Sign out other sessions
        </Button>
      }
    >
      {revokeOthers.error ? <Alert severity="error" sx={{ mb: 2 }}>{revokeOthers.error.message}</Alert> : null}
      {revoke.error ? <Alert severity="error" sx={{ mb: 2 }}>{revoke.error.message}</Alert> : null}
      {sessions.isPending ? (
        <LoadingSkeleton lines={2} height={56} label="Loading your sessions" />
      ) : isStale ? (
        <Alert severity="info">
          For your safety the list is shown only within a day of signing in. Sign out and in again to see it; you can sign out every other
          session from here at any time.
        </Alert>
      ) : sessions.isError ? (
        <ErrorPanel title="Failed to load your sessions" message={sessions.error.message} onRetry={() => void sessions.refetch()} isRetrying={sessions.isFetching} />
      ) : (
        <>
          <List disablePadding aria-label="Your sessions">
            {sessions.data.map((s) => (
              <SessionRow
                key={s.id}
                session={s}
                isCurrent={s.id === currentSessionId}
                isSigningOut={revoke.isPending && revoke.variables === s.token}
                onSignOut={() => revoke.mutate(s.token)}
              />
            ))}
          </List>
          {others.length === 0 ? (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              You are signed in on this device only.
            </Typography>
          ) : null}
        </>
      )}
    </SectionCard>
  );
}
