import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { theme } from './theme';
import { ToastHost } from './toast-host';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * Theme, data cache and toasts: everything a screen may rely on. Date pickers bring their own
 * localisation (components/date-picker.tsx), and the toaster comes with the first toast
 * (app/toast-host.tsx), so neither loads with the shell.
 */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <ThemeProvider theme={theme} defaultMode="system">
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={queryClient}>
        {children}
        <ToastHost />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
