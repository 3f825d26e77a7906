import { describe, expect, it } from 'vitest';

import { connectToaster, dropWaitingToasts, showToast, subscribeToToasts, toastsAsked, type Toast } from './toasts';

describe('toasts', () => {
  it('ask for the toaster while it is away, wait in order, and go straight to it once connected', () => {
    const shown: Toast[] = [];
    let calls = 0;
    const unsubscribe = subscribeToToasts(() => (calls += 1));
    const before = toastsAsked();
    showToast({ message: 'Saved', variant: 'success' });
    showToast({ message: 'Sent', variant: 'default' });
    expect(toastsAsked()).toBe(before + 2);
    expect(calls).toBe(2);

    const disconnect = connectToaster((toast) => shown.push(toast));
    expect(shown.map((t) => t.message)).toEqual(['Saved', 'Sent']);
    showToast({ message: 'Paused', variant: 'info' });
    expect(shown.map((t) => t.message)).toEqual(['Saved', 'Sent', 'Paused']);
    expect(calls).toBe(2);

    disconnect();
    showToast({ message: 'Late', variant: 'error' });
    expect(calls).toBe(3);
    dropWaitingToasts();
    const again: Toast[] = [];
    connectToaster((toast) => again.push(toast))();
    expect(again).toEqual([]);
    unsubscribe();
  });
});
