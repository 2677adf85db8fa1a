/**
 * Runs Manage Case's statechart (machines/cases/manage-case.machine.ts) against
 * the router: the address's query string goes in as LOCATION, the machine's
 * navigate comes out as a push or replace of /manage-case?….
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { CaseView, Paged } from '@common/cases';
import { apiQuery } from '@machines/cases/case-list-query';
import { manageCaseMachine } from '@machines/cases/manage-case.machine';
import { selectExporting, selectListBusy, selectListFailed } from '@machines/cases/manage-case.selectors';
import { downloadFile } from '../../lib/api';
import { messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { listFields, useListAddress, useLocationEvents } from '../../lib/useListAddress';
import { api } from '../../lib/api';

export function useCaseList() {
  const { search, navigate } = useListAddress('/manage-case');
  const [machine] = useState(() =>
    manageCaseMachine.provide({
      actors: {
        load: fromPromise(({ input }) =>
          api.get<Paged<CaseView>>('/searches', { ...apiQuery(input, new Date().getTimezoneOffset()), page: input.page, page_size: input.pageSize }),
        ),
        download: fromPromise(({ input }) => downloadFile('/download-cases', { ...apiQuery(input.view, new Date().getTimezoneOffset()), format: input.format }, `cases.${input.format}`)),
      },
      actions: {
        navigate,
        notifyFailure: (_, failure) => notify.error(messageText(failure.code, failure.message)),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { search } });
  // Every address change (a click here, Back, Forward, the sidebar's or the dashboard's links) reaches the machine.
  useLocationEvents(actor, search);
  const context = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, selectListBusy);
  const failed = useSelector(actor, selectListFailed);
  const exporting = useSelector(actor, selectExporting);
  return {
    view: context.view,
    ...listFields(context),
    loading,
    failed,
    exporting,
    send: actor.send,
    goTo: (page: number) => actor.send({ type: 'PAGE', page }),
    reload: () => actor.send({ type: 'RELOAD' }),
    /** The user's action on the ticked cases is done: the ticks go and the rows load again. */
    acted: () => actor.send({ type: 'ACTED' }),
  };
}
