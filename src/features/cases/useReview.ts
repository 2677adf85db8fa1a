/**
 * The review statechart (machines/cases/review.machine.ts) wired to
 * decision-review, for the screens that decide cases or entities. Each saved
 * decision shows the snack bar, then runs the screen's own follow-up (close
 * the dialog, clear the ticks, reload): both are the machine's onSaved action.
 */
import { useActorRef } from '@xstate/react';
import { useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { reviewMachine } from '@machines/cases/review.machine';
import { messageById } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { caseApi } from './api';

export function useReview(onSaved: () => void) {
  const followUp = useRef(onSaved);
  followUp.current = onSaved;
  const [logic] = useState(() =>
    reviewMachine.provide({
      actors: { submit: fromPromise(({ input }) => caseApi.decide(input)) },
      actions: {
        onSaved: () => {
          notify.success(messageById('decision_saved'));
          followUp.current();
        },
      },
    }),
  );
  return useActorRef(logic);
}
