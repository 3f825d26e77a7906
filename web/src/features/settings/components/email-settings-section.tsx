import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';

import { usePermission } from '../../../app/use-permission';
import { ErrorPanel } from '../../../components/error-panel';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { useEmailSettings } from '../api/get-email-settings';

import { DkimCard } from './dkim-card';
import { MailServerForm } from './mail-server-form';
import { RepliesCard } from './replies-card';
import { SenderForm } from './sender-form';
import { SendingModeCard } from './sending-mode-card';

/**
 * Settings → Email (decision 0019): who mail is from and how it leaves, and how replies come back
 * (decision 0021), with the sending mode beside them. A role that may not change them (decision
 * 0024) reads them all under one notice saying why; each card disables or hides its own controls.
 */
export function EmailSettingsSection() {
  const settings = useEmailSettings();
  const editing = usePermission('settings');
  if (settings.isPending) return <LoadingSkeleton lines={8} label="Loading email settings" />;
  if (settings.isError) {
    return (
      <ErrorPanel
        title="Failed to load email settings"
        message={settings.error.message}
        onRetry={() => void settings.refetch()}
        isRetrying={settings.isFetching}
      />
    );
  }
  const { sender, mail_server: mailServer, dkim, sending, inbound } = settings.data;
  const cards = (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
      <Stack spacing={3} sx={{ minWidth: 0 }}>
        <SenderForm sender={sender} />
        <MailServerForm server={mailServer} />
        <RepliesCard inbound={inbound} replyToDomain={sender.reply_to_domain} />
      </Stack>
      <Stack spacing={3} sx={{ minWidth: 0 }}>
        <SendingModeCard sending={sending} />
        <DkimCard dkim={dkim} fromEmail={sender.from_email} />
      </Stack>
    </Box>
  );
  if (!editing.reason) return cards;
  return (
    <Stack spacing={3}>
      <ReadOnlyNotice reason={editing.reason} />
      {cards}
    </Stack>
  );
}
