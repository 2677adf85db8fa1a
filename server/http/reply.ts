/** Success answers that carry a message: { code, message } beside the data, like errors do. */
import { MESSAGES, formatMessage, type MessageId } from '../../common/messages';

/** The names of the {placeholders} of a message text: 'Case {ref} created.' -> 'ref'. */
export type PlaceholdersOf<Text extends string> = Text extends `${string}{${infer Name}}${infer Rest}` ? Name | PlaceholdersOf<Rest> : never;
/** The values a message needs, one per placeholder. */
export type MessageValues<Code extends MessageId> = Record<PlaceholdersOf<(typeof MESSAGES)[Code]>, string | number>;

/**
 * A message with placeholders cannot be sent without its values: the compiler
 * asks for them, so no answer ever reads 'Case {ref} created.'.
 */
type DoneArgs<Code extends MessageId, T> = [PlaceholdersOf<(typeof MESSAGES)[Code]>] extends [never] ? [data?: T] : [data: T, values: MessageValues<Code>];

/**
 * { ...data, code, message }, the message filled in with the values; the values
 * are answered too (as errors do), so the screens translate the message with them.
 */
export function done<Code extends MessageId, T extends object = Record<never, never>>(code: Code, ...args: DoneArgs<Code, T>): T & { code: Code; message: string; values?: Record<string, string | number> } {
  const [data, values] = args as [T | undefined, Record<string, string | number> | undefined];
  return { ...(data ?? ({} as T)), code, message: formatMessage(code, values), ...(values ? { values } : {}) };
}

/** One page of a list (section 7's paged calls): the page asked for, the total across all pages, and its rows. */
export function pageOf<T>(query: { page: number; page_size: number }, total: number, data: T[]) {
  return { page: query.page, page_size: query.page_size, total, data };
}
