/** Types of the search profile dialog statechart (profile-editor.machine.ts). */
import type { Database } from '../../common/enums';
import type { MessageId } from '../../common/messages';
import type { ProfileSourceRef, SearchProfileView, SourceOption } from '../../common/search-profiles';
import type { ApiFailure } from '../shared/api-failure';

// ---------------------------------------------------------------- Values

/** Where a profile searches: every source of its databases and every custom list, or only those chosen. */
export type SourceMode = 'all' | 'chosen';

/** The fields of the dialog as the user edits them. */
export interface ProfileValues {
  title: string;
  databases: Database[];
  source_mode: SourceMode;
  /** The chosen sources (kept while "all" is chosen, so switching back and forth loses nothing). */
  sources: string[];
  countries: string[];
  publisher_search: boolean;
}

export type ProfileField = keyof ProfileValues;

/** A problem to show under a field: the message id and the values it names (a source's name). */
export interface FieldProblem {
  code: MessageId;
  values?: Record<string, string | number>;
}

export type ProfileProblems = Partial<Record<ProfileField, FieldProblem>>;

// ---------------------------------------------------------------- Context

export interface ProfileEditorContext {
  /** The profile being edited; null while creating one. */
  profile: SearchProfileView | null;
  values: ProfileValues;
  /** The sources a profile may choose, read at each opening (custom lists come and go). */
  catalogue: SourceOption[];
  /** Sources the opened profile named that can no longer be chosen: left out of the form, shown in a note. */
  dropped: ProfileSourceRef[];
  /** Problems found in the browser before sending; each goes when its field is edited. */
  problems: ProfileProblems;
  /** The last refusal of the API, with the field it names and its message's values. */
  error: (ApiFailure & { field: string | null; values: Record<string, string | number> | null }) | null;
  /** Why the sources could not be read. */
  loadError: ApiFailure | null;
}

// ---------------------------------------------------------------- Events

export type ProfileEditorEvent =
  | { type: 'CREATE' }
  | { type: 'OPEN'; profile: SearchProfileView }
  | { type: 'EDIT'; field: 'title' | 'source_mode' | 'countries' | 'publisher_search'; value: unknown }
  | { type: 'TOGGLE_DATABASE'; database: Database }
  | { type: 'TOGGLE_SOURCE'; id: string }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'CLOSE' };

/** Told to the screen after a save: it reloads its list and shows the answer's message. */
export type ProfileEditorEmitted = { type: 'saved'; answer: unknown; created: boolean };

// ---------------------------------------------------------------- Actor I/O

/** What the save call receives: the profile's id when updating, and the request body of the API. */
export interface SaveProfileInput {
  id: string | null;
  body: { title: string; databases: Database[]; sources: string[]; countries: string[]; publisher_search: boolean };
}
