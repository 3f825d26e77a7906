import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';

// An unexpected console.error (React warnings, failed prop types, act() warnings) fails the
// test; a test that expects one mocks console.error itself.
// jsdom has no layout; the router's scroll restoration calls scrollTo, which jsdom only logs about.
window.scrollTo = () => undefined;

// The first render of a file loads the router, MUI and the screen's modules: on a busy machine that
// alone can pass Testing Library's default 1 s for findBy/waitFor. A real miss still fails.
configure({ asyncUtilTimeout: 5000 });

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  cleanup();
  const calls = consoleError.mock.calls;
  const wasMocked = consoleError.getMockImplementation() !== undefined;
  consoleError.mockRestore();
  if (calls.length > 0 && !wasMocked) {
    throw new Error(`Unexpected console.error: ${calls.map((c) => c.map(String).join(' ')).join('\n')}`);
  }
});
