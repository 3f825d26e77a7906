import { useSnackbar, type VariantType } from 'notistack';
import { useCallback } from 'react';

/** Shows a toast; the HTTP layer never does, callers decide what is worth telling the user. */
export function useNotify() {
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(
    (message: string, variant: VariantType = 'default') => {
      enqueueSnackbar(message, { variant });
    },
    [enqueueSnackbar],
  );
}
