import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';

import { ErrorPanel } from '../../../components/error-panel';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { useChasingSettings } from '../api/get-chasing-settings';

import { ChasingSettingsForm } from './chasing-settings-form';
import { SendingModeCard } from './sending-mode-card';

/** Settings → Chasing: the send calendar form, and the sending mode beside it. */
export function ChasingSettingsSection() {
  const settings = useChasingSettings();
  if (settings.isPending) return <LoadingSkeleton lines={6} label="Loading chasing settings" />;
  if (settings.isError) {
    return (
      <ErrorPanel
        title="Failed to load chasing settings"
        message={settings.error.message}
        onRetry={() => void settings.refetch()}
        isRetrying={settings.isFetching}
      />
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
      <ChasingSettingsForm settings={settings.data} />
      <Stack spacing={3} sx={{ minWidth: 0 }}>
        <SendingModeCard mode={settings.data.sending_mode} />
      </Stack>
    </Box>
  );
}
