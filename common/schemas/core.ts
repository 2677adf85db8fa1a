/**
 * Building blocks for request schemas. A field refined with a section-5 rule
 * fails with that rule's message id, which the API turns into
 * { code, error_message } and the UI into a translated field error.
 */
import { defaulted, define, refine, string, type Struct } from 'superstruct';
import type { MessageId } from '../messages';
import type { Rule } from '../validation';

/** A string checked by one of the shared rules; the failure message is the rule's message id. */
export function ruled(rule: Rule, name = 'ruled'): Struct<string, null> {
  // A missing field is checked as an empty one, so it fails with the rule's own "required" message.
  return defaulted(ruledIfPresent(rule, name), '');
}

/** The same check for a field that may be left out: wrap it in optional(). */
export function ruledIfPresent(rule: Rule, name = 'ruled'): Struct<string, null> {
  return refine(string(), name, (value) => rule(value) ?? true);
}

/** A string that must not be empty after trimming. */
export const requiredString = (id: MessageId = 'required') =>
  defaulted(
    refine(string(), 'required', (value) => (value.trim().length > 0 ? true : id)),
    '',
  );

/** A value that arrives from form data as "true"/"false"/"1"/"0" or as a boolean. */
export const formBoolean = define<boolean | 'true' | 'false' | '1' | '0'>('formBoolean', (v) =>
  typeof v === 'boolean' || v === 'true' || v === 'false' || v === '1' || v === '0',
);
export const toBoolean = (v: unknown) => v === true || v === 'true' || v === '1';
