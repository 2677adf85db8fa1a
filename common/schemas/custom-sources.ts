/**
 * Request schemas of the custom source calls (section 7 "Custom sources: create-custom-source,
 * update-custom-source, custom-sources, delete-custom-source"; docs/custom-sources.md). The publisher name,
 * link, description and frequency are checked with the section-5 rules the form uses (common/validation.ts),
 * so the screen and the API agree on every message.
 */
import { coerce, defaulted, enums, integer, max, min, object, optional, string, type Infer } from 'superstruct';
import { LIMITS } from '../constants';
import { CUSTOM_SOURCE_STATUSES } from '../media';
import { validateFrequency, validatePublisherName, validateSourceDescription, validateSourceLink } from '../validation';
import { INPUT_LIMITS, formBoolean, requiredString, ruled, ruledIfPresent, text, textOrNumber, unionOf } from './core';

const pageInt = (lo: number, hi: number, fallback: number) => defaulted(coerce(max(min(integer(), lo), hi), string(), (v) => Number(v)), fallback);
/** A source id: anything that is not one of the organisation's sources (a uuid at all included) is answered 404 by the route. */
const sourceId = requiredString('not_found');

/** GET /api/custom-sources: the table's page, a search over publisher name, link and description, and a status. */
export const CustomSourceListQuery = object({
  page: pageInt(1, 1_000_000, 1),
  page_size: pageInt(1, 100, 20),
  search: optional(text(INPUT_LIMITS.short)),
  status: optional(unionOf([enums(CUSTOM_SOURCE_STATUSES), enums([''])])),
});
export type CustomSourceListQueryValue = Infer<typeof CustomSourceListQuery>;

// The raw bounds sit just above each rule's own limit, so an over-long value reads the rule's message.
const publisherName = () => ruled(validatePublisherName, 'publisher_name', INPUT_LIMITS.short + 100);
const link = () => ruled(validateSourceLink, 'url', LIMITS.customSourceLinkMax + 100);
const description = () => ruled(validateSourceDescription, 'description', 400);
/** Minutes as digits ("60") or a JSON number (60). */
const frequency = () => textOrNumber(ruled(validateFrequency, 'frequency_minutes', 20));

/** POST /api/create-custom-source. */
export const CreateCustomSourceBody = object({
  publisher_name: publisherName(),
  url: link(),
  description: description(),
  frequency_minutes: frequency(),
});
export type CreateCustomSourceValue = Infer<typeof CreateCustomSourceBody>;

/** POST /api/update-custom-source: the fields to change; active false pauses the source (In-Active), true resumes it. */
export const UpdateCustomSourceBody = object({
  id: sourceId,
  publisher_name: optional(ruledIfPresent(validatePublisherName, 'publisher_name', INPUT_LIMITS.short + 100)),
  url: optional(ruledIfPresent(validateSourceLink, 'url', LIMITS.customSourceLinkMax + 100)),
  description: optional(ruledIfPresent(validateSourceDescription, 'description', 400)),
  frequency_minutes: optional(textOrNumber(ruledIfPresent(validateFrequency, 'frequency_minutes', 20))),
  active: optional(formBoolean),
});
export type UpdateCustomSourceValue = Infer<typeof UpdateCustomSourceBody>;

/** POST /api/delete-custom-source. */
export const DeleteCustomSourceBody = object({ id: sourceId });
