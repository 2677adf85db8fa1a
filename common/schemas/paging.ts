/** Paging and search query parameters shared by list calls. */
import { coerce, defaulted, integer, max, min, object, optional, string } from 'superstruct';
import { INPUT_LIMITS, text } from './core';

const int = (lo: number, hi: number, fallback: number) => defaulted(coerce(max(min(integer(), lo), hi), string(), (v) => Number(v)), fallback);

export const PageQuery = object({
  page: int(1, 1_000_000, 1),
  page_size: int(1, 500, 20),
  search: optional(text(INPUT_LIMITS.short)),
});

export type PageQueryValue = { page: number; page_size: number; search?: string };
