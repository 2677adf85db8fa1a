/** A success answer whose message has placeholders: the text filled in, and the values for the UI's translation. */
import { formatMessage, type MessageId } from '../../common/messages';

export function doneWith<T extends object>(code: MessageId, values: Record<string, string | number>, data: T) {
  return { ...data, code, message: formatMessage(code, values), values };
}
