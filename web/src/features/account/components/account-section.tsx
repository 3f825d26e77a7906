import Stack from '@mui/material/Stack';

import { useInstanceInfo } from '../../../app/api/get-instance-info';
import { useSession } from '../../../app/api/get-session';
import { LoadingSkeleton } from '../../../components/loading-skeleton';

import { EmailCard } from './email-card';
import { PasswordCard } from './password-card';
import { ProfileCard } from './profile-card';
import { SessionsCard } from './sessions-card';

/**
 * Settings → Your account: the signed-in person's own name, address, password and sessions,
 * whichever organisation is open (decision 0026).
 */
export function AccountSection() {
  const session = useSession().data;
  // Unknown until it answers (or if it fails): the cards then speak as if mail is sent.
  const mailMode = useInstanceInfo().data?.account_mail ?? 'smtp';
  if (!session) return <LoadingSkeleton lines={6} label="Loading your account" />;
  const { user } = session;
  return (
    <Stack spacing={3} sx={{ maxWidth: { lg: '66%' } }}>
      <ProfileCard name={user.name} />
      <EmailCard email={user.email} isVerified={user.emailVerified} mailMode={mailMode} />
      <PasswordCard />
      <SessionsCard currentSessionId={session.session.id} />
    </Stack>
  );
}
