import { describe, expect, it } from 'vitest';

import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it.each([
    [512, '512 B'],
    [1536, '1.5 KiB'],
    [50 * 1024 * 1024, '50 MiB'],
    [62.4 * 1024 * 1024, '62.4 MiB'],
  ])('%d bytes → %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });
});
