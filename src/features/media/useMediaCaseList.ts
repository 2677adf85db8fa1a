/**
 * Runs Media Manage Case's statechart (machines/media/media-cases.machine.ts) against the router: the
 * address's query string goes in as LOCATION, the machine's navigate comes out as a push or replace of
 * /media-manage-case?….
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { apiQuery } from '@machines/media/media-cases-query';
import { mediaCasesMachine } from '@machines/media/media-cases.machine';
import { selectExporting, selectListBusy, selectListFailed, selectMarking } from '@machines/media/media-cases.selectors';
import { inspect } from '../../lib/inspector';
import { messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { listFields, useListAddress, useLocationEvents } from '../../lib/useListAddress';
import { mediaApi } from './api';

export function useMediaCaseList() {
  const { search, navigate } = useListAddress('/media-manage-case');
  const [machine] = useState(() =>
    mediaCasesMachine.provide({
      actors: {
        load: fromPromise(({ input }) => mediaApi.list({ ...apiQuery(input, new Date().getTimezoneOffset()), page: input.page, page_size: input.pageSize })),
        mark: fromPromise(({ input }) => mediaApi.read(input)),
        download: fromPromise(({ input }) => mediaApi.exportCases(apiQuery(input.view, new Date().getTimezoneOffset()), input.format)),
      },
      actions: {
        navigate,
        notifyFailure: (_, failure) => notify.error(messageText(failure.code, failure.message)),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { search }, inspect });
  // Every address change (a click here, Back, Forward, the sidebar's link) reaches the machine.
  useLocationEvents(actor, search);
  const context = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, selectListBusy);
  const failed = useSelector(actor, selectListFailed);
  const exporting = useSelector(actor, selectExporting);
  const marking = useSelector(actor, selectMarking);
  return {
    ...listFields(context),
    loading,
    failed,
    exporting,
    marking,
    send: actor.send,
    acted: () => actor.send({ type: 'ACTED' }),
  };
}
