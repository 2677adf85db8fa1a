/**
 * Runs a transaction-monitoring list's statechart (machines/transactions/tm-list.machine.ts) against the router:
 * the address's query string goes in as LOCATION, the machine's navigate comes out as a push or replace of the
 * list's path, and its calls go to the list's API.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { apiQuery, LIST_FORMATS, type TmFilters, type TmListKind } from '@machines/transactions/list-query';
import { tmListMachine } from '@machines/transactions/tm-list.machine';
import { selectAmountError, selectExporting, selectListBusy, selectListFailed } from '@machines/transactions/tm-list.selectors';
import { inspect } from '../../lib/inspector';
import { messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { listFields, useListAddress, useLocationEvents } from '../../lib/useListAddress';
import { tmApi } from './api';

const tz = () => new Date().getTimezoneOffset();

export function useTmList<Row>(kind: TmListKind) {
  const { search, navigate } = useListAddress(LIST_FORMATS[kind].path);
  const [machine] = useState(() =>
    tmListMachine.provide({
      actors: {
        load: fromPromise(({ input }) => tmApi.list<unknown>(input.kind, apiQuery(input.kind, input.view, tz()))),
        download: fromPromise(({ input }) => {
          const { page: _page, page_size: _size, ...query } = apiQuery(input.kind, input.view, tz());
          return tmApi.exportTransactions(query, input.format);
        }),
      },
      actions: {
        navigate,
        notifyFailure: (_, failure) => notify.error(messageText(failure.code, failure.message)),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { kind, search }, inspect });
  // Every address change (a click here, Back, Forward, the sidebar's link) reaches the machine.
  useLocationEvents(actor, search);
  const context = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, selectListBusy);
  const failed = useSelector(actor, selectListFailed);
  const exporting = useSelector(actor, selectExporting);
  const amountError = useSelector(actor, selectAmountError);
  const fields = listFields(context);
  return {
    ...fields,
    rows: fields.rows as Row[],
    loading,
    failed,
    exporting,
    amountError,
    send: actor.send,
    edit: (filters: Partial<TmFilters>) => actor.send({ type: 'EDIT', filters }),
    type: (filters: Partial<TmFilters>) => actor.send({ type: 'DRAFT', filters }),
    acted: () => actor.send({ type: 'ACTED' }),
  };
}
