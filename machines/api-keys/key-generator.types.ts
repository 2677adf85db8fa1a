/** Types of the "Generate API key" dialog statechart (key-generator.machine.ts). */
import type { CreatedApiKey } from '../../common/api-keys';
import type { MessageId } from '../../common/messages';
import type { ApiFailure } from '../shared/api-failure';

// ---------------------------------------------------------------- Values

/** The fields of the dialog as typed: validity stays text so "12a" can be refused as not digits. */
export interface KeyValues {
  name: string;
  validity_days: string;
  password: string;
}

export type KeyField = keyof KeyValues;

export type KeyProblems = Partial<Record<KeyField, MessageId>>;

// ---------------------------------------------------------------- Context

export interface KeyGeneratorContext {
  values: KeyValues;
  /** Problems found in the browser before sending; each goes when its field is edited. */
  problems: KeyProblems;
  /** The last refusal of the API and the field it names. */
  error: (ApiFailure & { field: string | null }) | null;
  /** The key just generated, in full: kept only while the dialog shows it, never again. */
  created: CreatedApiKey | null;
}

// ---------------------------------------------------------------- Events

export type KeyGeneratorEvent =
  | { type: 'OPEN' }
  | { type: 'EDIT'; field: KeyField; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CLOSE' }
  /** The user has copied the key (or chosen not to) and closes the shown-once dialog. */
  | { type: 'DISMISS' };

/** Told to the screen when a key was generated: it reloads the list and shows the message. */
export type KeyGeneratorEmitted = { type: 'generated'; answer: GenerateAnswer };

// ---------------------------------------------------------------- Actor I/O

/** The request body of POST /api/api-key. */
export interface GenerateKeyInput {
  name: string;
  validity_days: number;
  password: string;
}

/** What POST /api/api-key answers: the message (done()) with the key, in full this once. */
export type GenerateAnswer = CreatedApiKey & { code?: string; message?: string; values?: Record<string, string | number> };
