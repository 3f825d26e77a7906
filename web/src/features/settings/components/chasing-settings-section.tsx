import Box from '@mui/material/Box';

import { ErrorPanel } from '../../../components/error-panel';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { useChasingSettings } from '../api/get-chasing-settings';

import { ChasingSettingsForm } from './chasing-settings-form';

/** Settings → Chasing: the send calendar. The sending mode is on Settings → Email (decision 0019). */
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
    <Box sx={{ maxWidth: { lg: '66%' } }}>
      <ChasingSettingsForm settings={settings.data} />
    </Box>
  );
}
