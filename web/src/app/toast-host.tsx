import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';

import { onIntent, useOnIntent } from '../lib/load-on-intent';
import { dropWaitingToasts, subscribeToToasts, toastsAsked } from '../lib/toasts';

const toaster = onIntent(() => import('./toaster'));

/**
 * Where toasts show. Nothing until someone acts: the toaster's chunk is fetched when a change is
 * sent (most toasts answer one, and the chunk arrives before the answer) or a toast is asked for
 * (lib/toasts.ts), then mounted. If the fetch fails, the next change or toast tries again.
 */
export function ToastHost() {
  const asked = useSyncExternalStore(subscribeToToasts, toastsAsked);
  const isMutating = useIsMutating() > 0;
  const { module, load } = useOnIntent(toaster);
  useEffect(() => {
    if (module || (asked === 0 && !isMutating)) return;
    load().catch(dropWaitingToasts);
  }, [asked, isMutating, module, load]);
  return module ? <module.Toaster /> : null;
}
