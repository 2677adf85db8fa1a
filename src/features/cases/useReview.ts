/**
 * The review statechart (machines/cases/review.machine.ts) wired to
 * decision-review, for the screens that decide cases or entities. Each saved
 * decision shows the snack bar, then runs the screen's own follow-up (close
 * the dialog, clear the ticks, reload).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { reviewMachine } from '@machines/cases/review.machine';
import { messageById } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { caseApi } from './api';

export function useReview(onSaved: () => void) {
  const [logic] = useState(() => reviewMachine.provide({ actors: { submit: fromPromise(({ input }) => caseApi.decide(input)) } }));
  const actor = useActorRef(logic);
  const saved = useSelector(actor, (s) => s.matches('saved'));
  const followUp = useRef(onSaved);
  followUp.current = onSaved;
  useEffect(() => {
    if (!saved) return;
    notify.success(messageById('decision_saved'));
    followUp.current();
  }, [saved]);
  return actor;
}
