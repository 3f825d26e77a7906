import { describe, expect, it } from 'vitest';

import { loadFailureMessage, onIntent } from './load-on-intent';

describe('onIntent', () => {
  it('fetches once however often it is asked, and keeps what arrived', async () => {
    let fetches = 0;
    const part = onIntent(() => {
      fetches += 1;
      return Promise.resolve({ Menu: 'menu' });
    });
    expect(part.current()).toBeUndefined();
    const [first, second] = await Promise.all([part.preload(), part.preload()]);
    expect(first).toBe(second);
    expect(part.current()).toEqual({ Menu: 'menu' });
    await part.preload();
    expect(fetches).toBe(1);
  });

  it('forgets a failed fetch, so the next press fetches again instead of leaving a dead control', async () => {
    let fetches = 0;
    const part = onIntent(() => {
      fetches += 1;
      return fetches === 1 ? Promise.reject(new Error('Failed to fetch dynamically imported module')) : Promise.resolve('menu');
    });
    await expect(part.preload()).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(part.current()).toBeUndefined();
    await expect(part.preload()).resolves.toBe('menu');
    expect(fetches).toBe(2);
  });

  it('says what failed', () => {
    expect(loadFailureMessage(new Error('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      'Failed to fetch dynamically imported module: /assets/x.js',
    );
    expect(loadFailureMessage(undefined)).toBe('Could not load this part of the page. Please try again.');
  });
});
