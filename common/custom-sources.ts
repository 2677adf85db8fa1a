/**
 * Custom sources (spec sections 3 "Custom source", 4 statuses, 5 rules, 7 calls, 9 limits;
 * docs/custom-sources.md): an organisation's own news feeds (RSS 2.0, Atom, RDF or JSON Feed) that the
 * server reads on a schedule into the organisation's articles, searched by Media Watcher and looked at by
 * adverse-media monitoring. The shapes the screen and the API share.
 */
import type { CustomSourceStatus } from './media';

export const CUSTOM_SOURCE_LIMITS = {
  /** Publisher name: not in the spec's numbers; as long as a custom list's name. */
  publisherName: { min: 2, max: 100 },
  /** Description: required (section 5), as long as a custom list's description. */
  description: { min: 2, max: 300 },
} as const;

/** A custom source as the table and the calls answer it. */
export interface CustomSourceView {
  id: string;
  publisher_name: string;
  url: string;
  description: string;
  frequency_minutes: number;
  status: CustomSourceStatus;
  created_by: { id: string; name: string } | null;
  created_at: string;
  updated_at: string;
  /** The last read, whatever its outcome; the last read that succeeded (a 304 Not Modified counts). */
  last_polled_at: string | null;
  last_success_at: string | null;
  /** When the next read is due (null while the source is paused). */
  next_poll_at: string | null;
  /** Why the last read failed ("network: ...", "refused_address: ...", "parse: not a feed", "http 500"), null after a success. */
  last_error: string | null;
  /** Reads failed in a row; the wait before the next one doubles with each (up to the source's frequency). */
  failures: number;
  /** Articles the source has brought in. */
  article_count: number;
}
