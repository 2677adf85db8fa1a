/**
 * Country fields of the request schemas: a code (alpha-2 or alpha-3) or a country's name in one of the
 * six languages comes in, the alpha-2 code goes on (common/countries.ts). What does not resolve is left
 * as sent: two letters pass to the route, which says whether they are a country (its own field and
 * message, as before), anything else fails here with 'invalid_country'.
 */
import { array, coerce, refine, size, string } from 'superstruct';
import { resolveCountry, splitCountryText } from '../countries';
import type { MessageId } from '../messages';
import { INPUT_LIMITS, MAX_LIST_ITEMS, text } from './core';

const TWO_LETTERS = /^[A-Za-z]{2}$/;

/** One country; blank: an empty value is allowed; also: other words the field takes as they are (risk rules' "any"). */
export function countryField(options: { blank?: boolean; also?: readonly string[]; message?: MessageId } = {}) {
  const checked = refine(text(INPUT_LIMITS.short), 'country', (v) => {
    const value = v.trim();
    return (options.blank && !value) || options.also?.includes(value) || TWO_LETTERS.test(value) || (options.message ?? 'invalid_country');
  });
  return coerce(checked, string(), (v) => resolveCountry(v) ?? v);
}

/** Several countries: a list (name[] entries), or one text separated by ; | or commas (common/countries.ts splitCountryText). */
export function countryListField(max: number = MAX_LIST_ITEMS) {
  return coerce(size(array(countryField()), 0, max), string(), splitCountryText);
}
