import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';

import { forgetApiRequests } from './api-handlers';
import { server } from './msw-server';

// An unexpected console.error (React warnings, failed prop types, act() warnings) fails the
// test; a test that expects one mocks console.error itself.
// jsdom has no layout; the router's scroll restoration calls scrollTo, which jsdom only logs about.
window.scrollTo = () => undefined;

// Vitest 4's jsdom environment hands a Blob request body (a File from an <input>) to Node's fetch
// by reading jsdom's private `_buffer`, which jsdom 28 renamed `_bytes` (vitest-dev/vitest#11294,
// fixed in Vitest 5): without this bridge an upload reaches MSW as the text "undefined".
const sampleBlob = new Blob();
const [implSymbol] = Object.getOwnPropertySymbols(sampleBlob);
const blobImpl: unknown = implSymbol ? Reflect.get(sampleBlob, implSymbol) : undefined;
const blobImplPrototype: unknown = blobImpl && typeof blobImpl === 'object' ? Reflect.getPrototypeOf(blobImpl) : null;
if (blobImplPrototype && typeof blobImplPrototype === 'object' && !('_buffer' in blobImplPrototype) && '_bytes' in (blobImpl as object)) {
  Object.defineProperty(blobImplPrototype, '_buffer', {
    get(this: { _bytes: Uint8Array }) {
      return this._bytes;
    },
  });
}

// The first render of a file loads the router, MUI and the screen's modules: on a busy machine that
// alone can pass Testing Library's default 1 s for findBy/waitFor. A real miss still fails.
configure({ asyncUtilTimeout: 5000 });

// The network is MSW's (docs/testing.md). A request no handler answers is an error: MSW says so on
// console.error, which fails the test, and the request fails as a network error. It listens before
// the first test file is imported, not in beforeAll: better-auth's client keeps the fetch it finds
// when it is created, at import. Files share a worker's modules (isolate: false), so it listens
// once per worker and is never closed: a closed and reopened MSW would leave that kept fetch behind.
const listening = Symbol.for('receivables.msw-listening');
if (!Reflect.get(globalThis, listening)) {
  server.listen({ onUnhandledRequest: 'error' });
  Reflect.set(globalThis, listening, true);
}

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  forgetApiRequests();
  const calls = consoleError.mock.calls;
  const wasMocked = consoleError.getMockImplementation() !== undefined;
  consoleError.mockRestore();
  if (calls.length > 0 && !wasMocked) {
    throw new Error(`Unexpected console.error: ${calls.map((c) => c.map(String).join(' ')).join('\n')}`);
  }
});
