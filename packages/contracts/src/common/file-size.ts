import prettyBytes from 'pretty-bytes';

/**
 * "840 KiB", "50 MiB": a file size for people, the same on the server (an upload refused as too
 * large) and in the browser (the limit shown before upload). Binary units, written as such, so
 * the figure matches the limit, which is set in bytes (IMPORT_MAX_BYTES), to the byte.
 */
export function formatFileSize(bytes: number): string {
  return prettyBytes(bytes, { binary: true, maximumFractionDigits: 1 });
}
