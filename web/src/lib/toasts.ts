import type { VariantType } from 'notistack';

export interface Toast {
  message: string;
  variant: VariantType;
}

type Deliver = (toast: Toast) => void;

let deliver: Deliver | undefined;
let waiting: Toast[] = [];
let asked = 0;
const listeners = new Set<() => void>();

/**
 * Shows a toast. The toaster (notistack) is not part of the first visit (decision 0004, Route
 * splitting): the first toast asks for it and waits in order until it is here, then shows.
 */
export function showToast(toast: Toast): void {
  if (deliver) {
    deliver(toast);
    return;
  }
  waiting.push(toast);
  asked += 1;
  for (const listener of listeners) listener();
}

/** The mounted toaster takes the toasts, those that waited first; the returned function lets go. */
export function connectToaster(next: Deliver): () => void {
  deliver = next;
  const earlier = waiting;
  waiting = [];
  for (const toast of earlier) next(toast);
  return () => {
    if (deliver === next) deliver = undefined;
  };
}

/** The toaster could not be fetched: what waited is dropped (late, it would mislead); the next toast asks again. */
export function dropWaitingToasts(): void {
  waiting = [];
}

/** How many toasts have asked for the toaster, for `useSyncExternalStore`. */
export function toastsAsked(): number {
  return asked;
}

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
