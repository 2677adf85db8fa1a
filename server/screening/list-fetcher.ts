/**
 * Downloading a list's files from its publisher. Each file has an official URL
 * (in the list's definition); a deployment may point a list, or all lists, at a
 * mirror instead (`baseUrl` serves <baseUrl>/<list id>/<file>). A download is
 * only good if every required file arrives and parses; a result that shrinks
 * the list by more than half is refused as a likely truncated file.
 */
import type { ListDefinition } from './loaders/common';

export interface FetchOptions {
  /** Minutes between refreshes; 0 or absent: no schedule (refresh() still works). */
  intervalMinutes?: number;
  /** A mirror serving <baseUrl>/<list id>/<file> for every list. */
  baseUrl?: string;
  /** Per-list, per-file URLs overriding the publisher's. */
  urls?: Record<string, Record<string, string>>;
  timeoutMs?: number;
  /** Lowest share of the last good entity count a new version may have (default 0.5). */
  minRetained?: number;
  fetchImpl?: typeof fetch;
}

export function fileUrl(def: ListDefinition, file: string, options: FetchOptions): string {
  const override = options.urls?.[def.id]?.[file];
  if (override) return override;
  if (options.baseUrl) return `${options.baseUrl.replace(/\/$/, '')}/${def.id}/${file}`;
  return def.urls[file];
}

export async function downloadList(def: ListDefinition, options: FetchOptions): Promise<Record<string, string>> {
  const doFetch = options.fetchImpl ?? fetch;
  const files: Record<string, string> = {};
  for (const file of def.files) {
    const url = fileUrl(def, file, options);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 120_000);
    try {
      const res = await doFetch(url, { signal: controller.signal });
      if (!res.ok) {
        if (res.status === 404 && def.optional?.includes(file)) continue;
        throw new Error(`${file}: HTTP ${res.status} from ${url}`);
      }
      files[file] = await res.text();
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw new Error(`${file}: timed out fetching ${url}`);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
  return files;
}
