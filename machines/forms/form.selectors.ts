/**
 * What views read from a form's snapshot. Views ask tags (busy, halted,
 * succeeded) rather than state names, so the chart can grow states without
 * the views changing.
 */
import { MESSAGES, type MessageId } from '../../common/messages';
import type { FormContext, FormTag } from './form.types';

interface FormSnapshot {
  context: FormContext<any>;
  hasTag(tag: FormTag): boolean;
}

export const selectValues = <V>(s: FormSnapshot): V => s.context.values as V;
export const selectBusy = (s: FormSnapshot) => s.hasTag('busy');
export const selectHalted = (s: FormSnapshot) => s.hasTag('halted');
export const selectSucceeded = (s: FormSnapshot) => s.hasTag('succeeded');
export const selectResult = <R>(s: FormSnapshot): R | null => (s.context.result ?? null) as R | null;

/** The problem to show under a field: the browser's own check first, else what the server said about it. */
export const selectFieldError = (s: FormSnapshot, field: string): MessageId | null => s.context.fieldErrors[field] ?? s.context.serverErrors[field] ?? null;

/**
 * The failure to show beside the form: none when it is already shown under
 * one of the fields the view places (fields), so it is not said twice.
 */
export function selectFormError(s: FormSnapshot, placed: readonly string[] = []): { message: string; code: string | null } | null {
  const { error, errorCode, errorField } = s.context;
  if (!error) return null;
  // Placed on its field (a known message): it stays there, and goes when the field is edited.
  if (errorField && placed.includes(errorField) && errorCode !== null && errorCode in MESSAGES) return null;
  return { message: error, code: errorCode };
}
