/** Types of the custom source dialog statechart (source-editor.machine.ts). */
import type { CustomSourceView } from '../../common/custom-sources';
import type { MessageId } from '../../common/messages';
import type { ApiFailure } from '../shared/api-failure';

// ---------------------------------------------------------------- Values

/** The dialog's fields as typed (the frequency as its digits). */
export interface SourceValues {
  publisher_name: string;
  url: string;
  description: string;
  frequency_minutes: string;
}

export type SourceField = keyof SourceValues;
export type SourceProblems = Partial<Record<SourceField, MessageId>>;

// ---------------------------------------------------------------- Context

export interface SourceEditorContext {
  /** The source being edited; null when adding one. */
  editing: CustomSourceView | null;
  values: SourceValues;
  problems: SourceProblems;
  /** The API's last refusal and the field it names. */
  error: (ApiFailure & { field: string | null }) | null;
}

// ---------------------------------------------------------------- Events

export type SourceEditorEvent =
  /** Add a source (no source), or edit one. */
  | { type: 'OPEN'; source?: CustomSourceView }
  | { type: 'EDIT'; field: SourceField; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CLOSE' };

// ---------------------------------------------------------------- Actor I/O

/** POST /api/create-custom-source, or /api/update-custom-source with the source's id. */
export interface SaveSourceInput {
  id: string | null;
  publisher_name: string;
  url: string;
  description: string;
  frequency_minutes: number;
}

export type SaveSourceAnswer = Partial<CustomSourceView> & { code?: string; message?: string; values?: Record<string, string | number> };
