/**
 * The EDIT of a dialog's form (a search profile, an API key, a web hook): the field takes its new value
 * and loses its own problem, the browser's or the server's, while the other fields keep theirs until the
 * next submission. One rule for every such dialog, so they all behave alike as the user types.
 */
interface EditableContext<V> {
  values: V;
  problems: Partial<Record<keyof V, unknown>>;
  error: { field: string | null } | null;
}

export function editedField<V extends object, C extends EditableContext<V>>(context: C, event: { field: keyof V & string; value: unknown }): Partial<C> {
  return {
    values: { ...context.values, [event.field]: event.value },
    problems: { ...context.problems, [event.field]: undefined },
    error: context.error?.field === event.field ? null : context.error,
  } as Partial<C>;
}

/** What a dialog form shows a problem from: its own checks and the API's last refusal. */
interface ProblemContext {
  problems: Partial<Record<string, unknown>>;
  error: { field: string | null; code?: string | null; message: string } | null;
}

/** The problem under a field: the browser's own check first, else what the API said about it. */
export function fieldProblem<Id extends string>(context: ProblemContext, field: string): Id | null {
  const own = context.problems[field];
  if (own) return own as Id;
  const { error } = context;
  return error?.code && error.field === field ? (error.code as Id) : null;
}

/** The refusal to show above the buttons: none when it is already shown under one of the placed fields. */
export function formError(context: ProblemContext, placed: readonly string[]) {
  const { error } = context;
  if (!error || (error.field && placed.includes(error.field) && error.code)) return null;
  return { message: error.message, code: error.code ?? null };
}
