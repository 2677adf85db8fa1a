/**
 * Runs Credits Usage's statechart (machines/billing/credits-usage.machine.ts) against the router: the address's
 * query string goes in as LOCATION, the machine's navigate comes out as a push or replace of /credits-usage?….
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { ledgerQuery, summaryQuery } from '@machines/billing/credits-query';
import { creditsUsageMachine } from '@machines/billing/credits-usage.machine';
import { selectExporting, selectLedgerBusy, selectLedgerFailed, selectSummaryBusy, selectSummaryFailed } from '@machines/billing/credits-usage.selectors';
import { inspect } from '../../lib/inspector';
import { messageText } from '../../lib/i18n';
import { notify } from '../../lib/toaster';
import { useListAddress, useLocationEvents } from '../../lib/useListAddress';
import { billingApi } from './api';

/** The credits calls count in UTC days (common/schemas/credits.ts): presets are computed in UTC too, so the charts' days and the ledger's agree. */
export const USAGE_TZ = 0;
const tz = () => USAGE_TZ;

export function useCreditsUsage() {
  const { search, navigate } = useListAddress('/credits-usage');
  const [machine] = useState(() =>
    creditsUsageMachine.provide({
      actors: {
        load: fromPromise(({ input }) => billingApi.ledger({ ...ledgerQuery(input, tz()), page: input.page, page_size: input.pageSize })),
        summary: fromPromise(({ input }) => billingApi.summary(summaryQuery(input, tz()))),
        download: fromPromise(({ input }) => billingApi.exportLedger(ledgerQuery(input.view, tz()), input.format)),
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
  return {
    context,
    loading: useSelector(actor, selectLedgerBusy),
    failed: useSelector(actor, selectLedgerFailed),
    summaryLoading: useSelector(actor, selectSummaryBusy),
    summaryFailed: useSelector(actor, selectSummaryFailed),
    exporting: useSelector(actor, selectExporting),
    send: actor.send,
  };
}
