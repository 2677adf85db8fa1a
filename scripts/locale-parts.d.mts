/** Types of locale-parts.mjs. */
import type { Plugin } from 'vite';
export type LocalePart = 'public' | 'app';
export const PUBLIC_NAMESPACES: string[];
export function localePart<T extends Record<string, unknown>>(tree: T, part: LocalePart): Partial<T>;
export function localeParts(): Plugin;
