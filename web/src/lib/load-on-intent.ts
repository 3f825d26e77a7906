import { useCallback, useState } from 'react';

/** A module fetched when someone reaches for what it draws, not with the shell. */
export interface OnIntent<T> {
  /** Starts the fetch (hover, focus); a failed one is forgotten, so the next call fetches again. */
  preload: () => Promise<T>;
  /** The module once it has arrived. */
  current: () => T | undefined;
}

/**
 * A part of the shell only needed after someone acts (a top-bar menu) is its own chunk, fetched on
 * intent like the router's links (decision 0004, Route splitting). Unlike React.lazy, a failed
 * fetch is not kept: the control that asked can say so and try again on the next press.
 */
export function onIntent<T>(load: () => Promise<T>): OnIntent<T> {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    preload: () => {
      pending ??= load().then(
        (module) => {
          loaded = module;
          return module;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    current: () => loaded,
  };
}

/**
 * The module once this component has asked for it, and `load`, which asks: at once (same render)
 * when it is already here, as after a hover or a keyboard focus, so a menu opens without a wait.
 */
export function useOnIntent<T>(part: OnIntent<T>): { module: T | undefined; load: () => Promise<T>; prefetch: () => void } {
  const [module, setModule] = useState<{ value: T } | undefined>();
  const load = useCallback(() => {
    const ready = part.current();
    if (ready !== undefined) {
      setModule({ value: ready });
      return Promise.resolve(ready);
    }
    return part.preload().then((value) => {
      setModule({ value });
      return value;
    });
  }, [part]);
  // A failed prefetch is silent: the press that follows fetches again and reports its own failure.
  const prefetch = useCallback(() => void part.preload().catch(() => undefined), [part]);
  return { module: module?.value, load, prefetch };
}

/** What a control says when its chunk could not be fetched (offline, or a deploy replaced it). */
export function loadFailureMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Could not load this part of the page. Please try again.';
}
