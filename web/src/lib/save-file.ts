import { apiClient, type RequestOptions } from './api-client';

/** The file name a `Content-Disposition` header suggests (RFC 6266 `filename*` first), if any. */
export function filenameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return safeName(decodeURIComponent(extended[1].trim()));
    } catch {
      // A malformed escape: fall through to the plain filename.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name ? safeName(name) : undefined;
}

/** No folders: only the last path segment is kept. */
function safeName(name: string): string | undefined {
  const base = name.split(/[/\\]/).pop()?.trim();
  return base ? base : undefined;
}

/** Saves `blob` as a download named `filename`, through a temporary object URL and `<a download>`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * `GET path` as a CSV file and save it under the name the server's `Content-Disposition` gives
 * (or `fallbackName`); answers the name saved. The request carries the bearer token like any other.
 */
export async function downloadCsv(path: string, fallbackName: string, query?: RequestOptions['query']): Promise<string> {
  const response = await apiClient.fetchRaw(path, { query, headers: { accept: 'text/csv' } });
  const filename = filenameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(await response.blob(), filename);
  return filename;
}
