/**
 * Request schemas of the API key calls (section 7 "api-keys (list), api-key (generate, delete)";
 * docs/integrations.md). Generating and deleting a key are sensitive actions (section 5): both ask for
 * the user's password. The name and validity are checked with the shared rules the form uses.
 */
import { object, type Infer } from 'superstruct';
import { validateApiKeyValidity, validateIntegrationName } from '../validation';
import { INPUT_LIMITS, requiredString, ruled, textOrNumber } from './core';
import { PageQuery } from './paging';

export const ApiKeyListQuery = PageQuery;

export const CreateApiKeyBody = object({
  name: ruled(validateIntegrationName, 'name', INPUT_LIMITS.short),
  // Form data sends digits as text and JSON as a number: both are read as the text the rule checks.
  validity_days: textOrNumber(ruled(validateApiKeyValidity, 'validity_days', INPUT_LIMITS.short)),
  password: requiredString('password_required', INPUT_LIMITS.password),
});
export type CreateApiKeyValue = Infer<typeof CreateApiKeyBody>;

export const DeleteApiKeyBody = object({ password: requiredString('password_required', INPUT_LIMITS.password) });
