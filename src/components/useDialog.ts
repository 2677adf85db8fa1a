/**
 * Runs a dialog statechart (machines/admin/dialog.machine.ts) for a view: the
 * request and the success reaction are plain functions; the latest ones are
 * used, so they may close over the view's current state.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { dialogMachine } from '@machines/shared/dialog.machine';
import { selectIsBusy, selectIsOpen } from '@machines/shared/dialog.selectors';
import { inspect } from '../lib/inspector';

export function useDialog<Target = unknown, Output = unknown>(
  submit: (target: Target, values: Record<string, unknown>) => Promise<Output>,
  onDone: (output: Output, target: Target) => void,
) {
  const submitRef = useRef(submit);
  const doneRef = useRef(onDone);
  submitRef.current = submit;
  doneRef.current = onDone;
  const [machine] = useState(() =>
    dialogMachine.provide({
      actors: { submit: fromPromise(({ input }) => submitRef.current(input.target as Target, input.values)) },
    }),
  );
  const actor = useActorRef(machine, { inspect });
  useEffect(() => {
    const subscription = actor.on('done', (event) => doneRef.current(event.output as Output, event.target as Target));
    return () => subscription.unsubscribe();
  }, [actor]);
  const open = useSelector(actor, selectIsOpen);
  const busy = useSelector(actor, selectIsBusy);
  const target = useSelector(actor, (s) => s.context.target as Target | null);
  const error = useSelector(actor, (s) => s.context.error);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const errorField = useSelector(actor, (s) => s.context.errorField);
  return {
    open,
    busy,
    target,
    error: { message: error, code: errorCode },
    errorField,
    show: (next?: Target) => actor.send({ type: 'OPEN', target: next }),
    close: () => actor.send({ type: 'CLOSE' }),
    submit: (values: Record<string, unknown> = {}) => actor.send({ type: 'SUBMIT', values }),
    edited: () => actor.send({ type: 'EDIT' }),
  };
}
