import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import Alert from '@mui/material/Alert';
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/** Whether the browser says it is online, as TanStack Query hears it (the `online`/`offline` events). */
export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, isOnline);
}

/**
 * Across the top of every screen while the browser is offline (decision 0046): reads fail at once
 * and say so, saves are refused, and this says why, so a skeleton or a failed save is never a
 * mystery. It goes as soon as the connection is back, when what failed is read again.
 */
export function OfflineBanner() {
  if (useIsOnline()) return null;
  return (
    <Alert severity="warning" role="status" icon={<CloudOffOutlined />} sx={{ borderRadius: 0 }}>
      You’re offline — changes won’t be saved until you reconnect.
    </Alert>
  );
}
