import { describe, expect, it } from 'vitest';

import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it.each([
    '/',
    '/home',
    '/customers/?q=acme&sort_order=desc',
    '/customers/3f0e9f8e-0000-4000-8000-000000000000',
    '/emails/?tab=inbox#top',
  ])('keeps the same-origin path %s', (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['a number', 42],
    ['empty', ''],
    ['protocol-relative', '//evil.example.com/home'],
    ['backslash trick', '/\\evil.example.com'],
    ['absolute https', 'https://evil.example.com/'],
    ['absolute http', 'http://localhost:5173/home'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['data scheme', 'data:text/html,hi'],
    ['relative without slash', 'home'],
    ['tab smuggling', '/\t/evil.example.com'],
    ['newline', '/home\n'],
    ['null byte', '/home\u0000'],
    ['garbage', '%%%'],
  ])('falls back to / when %s', (_label, value) => {
    expect(safeRedirect(value)).toBe('/');
  });
});
