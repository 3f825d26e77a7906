import { SnackbarProvider, useSnackbar } from 'notistack';
import { useEffect } from 'react';

import { connectToaster } from '../lib/toasts';

import { TOAST_COMPONENTS } from './toast-content';

function ToastBridge() {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => connectToaster(({ message, variant }) => void enqueueSnackbar(message, { variant })), [enqueueSnackbar]);
  return null;
}

/** notistack, in its own chunk: fetched with the first toast (app/toast-host.tsx). */
export function Toaster() {
  return (
    // docs/product.md, Constants: at most 3 toasts, 5 s, bottom-left.
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={5000}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      Components={TOAST_COMPONENTS}
    >
      <ToastBridge />
    </SnackbarProvider>
  );
}
