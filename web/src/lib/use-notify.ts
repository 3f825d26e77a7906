import type { VariantType } from 'notistack';
import { useCallback } from 'react';

import { showToast } from './toasts';

/** Shows a toast; the HTTP layer never does, callers decide what is worth telling the user. */
export function useNotify() {
  return useCallback((message: string, variant: VariantType = 'default') => showToast({ message, variant }), []);
}
