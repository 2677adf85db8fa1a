/** What the search profile dialog reads from its statechart's snapshot (tags rather than state names). */
import type { SnapshotFrom } from 'xstate';
import type { profileEditorMachine } from './profile-editor.machine';
import type { FieldProblem, ProfileValues } from './profile-editor.types';

type Snapshot = SnapshotFrom<typeof profileEditorMachine>;

/** The fields the dialog shows a problem under; a refusal about anything else shows above the buttons. */
export const PLACED_FIELDS = ['title', 'databases', 'sources', 'countries'] as const;
export type PlacedField = (typeof PLACED_FIELDS)[number];

/** The field an API answer names ("countries.0" is about the countries). */
const placedField = (field: string | null): PlacedField | null => {
  const head = (field ?? '').split('.')[0];
  return (PLACED_FIELDS as readonly string[]).includes(head) ? (head as PlacedField) : null;
};

export const selectIsOpen = (s: Snapshot) => s.hasTag('open');
export const selectIsLoading = (s: Snapshot) => s.hasTag('loading');
export const selectLoadFailed = (s: Snapshot) => s.hasTag('failed');
export const selectIsSaving = (s: Snapshot) => s.hasTag('busy');
export const selectIsNew = (s: Snapshot) => s.context.profile === null;
export const selectValues = (s: Snapshot): ProfileValues => s.context.values;
export const selectCatalogue = (s: Snapshot) => s.context.catalogue;
export const selectDropped = (s: Snapshot) => s.context.dropped;
export const selectLoadError = (s: Snapshot) => s.context.loadError;

/** The problem under a field: the browser's own check first, else what the API said about it. */
export function selectFieldProblem(s: Snapshot, field: PlacedField): FieldProblem | null {
  const own = s.context.problems[field];
  if (own) return own;
  const { error } = s.context;
  if (error?.code && placedField(error.field) === field) return { code: error.code as FieldProblem['code'], values: error.values ?? undefined };
  return null;
}

/** The refusal to show above the buttons: none when it is already shown under its field. */
export function selectFormError(s: Snapshot) {
  const { error } = s.context;
  if (!error || placedField(error.field)) return null;
  return { message: error.message, code: error.code ?? null, values: error.values };
}
