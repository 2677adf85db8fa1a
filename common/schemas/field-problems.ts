/**
 * A request schema's verdict on a whole form, field by field: the message id
 * of each field's first failure, read the way the API reads it (a failed
 * section-5 rule names its own message; a missing value is 'required';
 * anything else is 'bad_request'). The API answers the first of these; a form
 * shows them all at once.
 */
import type { Struct } from 'superstruct';
import { MESSAGES, type MessageId } from '../messages';

export type FieldProblems = Partial<Record<string, MessageId>>;

/** The message id a schema failure stands for. */
export function failureMessage(failure: { message: string; value: unknown }): MessageId {
  if (failure.message in MESSAGES) return failure.message as MessageId;
  return failure.value === undefined ? 'required' : 'bad_request';
}

export function schemaProblems(schema: Struct<any, any>, value: unknown): FieldProblems {
  const [error] = schema.validate(value ?? {}, { coerce: true });
  const problems: FieldProblems = {};
  for (const failure of error?.failures() ?? []) {
    const field = String(failure.path[0] ?? '');
    if (field && !problems[field]) problems[field] = failureMessage(failure);
  }
  return problems;
}
