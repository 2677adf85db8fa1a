/** Success answers that carry a message: { code, message } beside the data, like errors do. */
import { MESSAGES, type MessageId } from '../../common/messages';

export function done<T extends object>(code: MessageId, data?: T): T & { code: MessageId; message: string } {
  return { ...(data ?? ({} as T)), code, message: MESSAGES[code] };
}

/** One page of a list (section 7's paged calls): the page asked for, the total across all pages, and its rows. */
export function pageOf<T>(query: { page: number; page_size: number }, total: number, data: T[]) {
  return { page: query.page, page_size: query.page_size, total, data };
}
