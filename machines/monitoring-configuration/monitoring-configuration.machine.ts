/**
 * The Monitoring Configuration screen (docs/monitoring-configuration.md): loads the organisation's
 * configuration and summary, edits and saves the configuration (checked in the browser with the API's own
 * schema and cross-field rules, so the server would answer the same), and downloads the monitoring report
 * for a period, both at once. Without update_ongoing_monitoring_settings the configuration is read-only
 * and nothing is sent. The machine calls nothing: the view provides the calls (load, save, download) and
 * the snack bars (notifySaved, notifyDownloadFailed).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { MessageId } from '../../common/messages';
import { monitoringSettingsProblems, type MonitoringSettingsView } from '../../common/monitoring';
import { UpdateMonitoringSettingsBody } from '../../common/schemas/monitoring';
import { schemaProblems } from '../../common/schemas/field-problems';
import { validateDateRange } from '../../common/validation';
import { failureField, toApiFailure } from '../shared/api-failure';
import type {
  MonitoringConfigurationContext,
  MonitoringConfigurationEvent,
  MonitoringConfigurationField,
  MonitoringConfigurationInput,
  MonitoringConfigurationValues,
  MonitoringSettingsBody,
  ReportPeriod,
  ReportQuery,
  SavedSettings,
} from './monitoring-configuration.types';
export type * from './monitoring-configuration.types';

const FIELDS: readonly MonitoringConfigurationField[] = ['duration', 'custom_end_date', 'alert_frequency', 'channels'];

/** The form's values of a configuration. */
export const valuesOf = (view: MonitoringSettingsView): MonitoringConfigurationValues => ({
  duration: view.duration,
  custom_end_date: view.custom_end_date ?? '',
  alert_frequency: view.alert_frequency,
  channels: [...view.channels],
});

/** The request body of the form's values: the end date only with a custom duration. */
export const bodyOf = (values: MonitoringConfigurationValues): MonitoringSettingsBody => ({
  duration: values.duration,
  custom_end_date: values.duration === 'custom' ? values.custom_end_date.trim() : null,
  alert_frequency: values.alert_frequency,
  channels: values.channels,
});

/** Every problem of the form's values, by field, as the API would answer them one at a time. */
export function problemsOf(values: MonitoringConfigurationValues, view: MonitoringSettingsView | null, now = new Date()): MonitoringConfigurationContext['fieldErrors'] {
  const body = bodyOf(values);
  const found: Partial<Record<string, MessageId>> = {
    ...monitoringSettingsProblems(body, { webhooksAvailable: view?.webhooks_available ?? false, now }),
    ...schemaProblems(UpdateMonitoringSettingsBody, body),
  };
  return Object.fromEntries(FIELDS.filter((f) => found[f]).map((f) => [f, found[f]]));
}

/** The report's query: a preset, or the custom range. */
export const reportQueryOf = (period: ReportPeriod): ReportQuery =>
  period.date_preset === 'custom' ? { date_preset: 'custom', date_from: period.date_from.trim(), date_to: period.date_to.trim() } : { date_preset: period.date_preset };

const EMPTY_VALUES: MonitoringConfigurationValues = { duration: '365', custom_end_date: '', alert_frequency: 'daily', channels: [] };

export const monitoringConfigurationMachine = setup({
  types: {
    context: {} as MonitoringConfigurationContext,
    events: {} as MonitoringConfigurationEvent,
    input: {} as MonitoringConfigurationInput,
    tags: {} as 'busy' | 'downloading' | 'failed',
  },
  actors: {
    load: fromPromise<MonitoringSettingsView>(async () => {
      throw new Error('load is provided by the view');
    }),
    save: fromPromise<SavedSettings, MonitoringSettingsBody>(async () => {
      throw new Error('save is provided by the view');
    }),
    download: fromPromise<unknown, ReportQuery>(async () => {
      throw new Error('download is provided by the view');
    }),
  },
  actions: {
    /** Supplied by the view: the success snack bar of a save. */
    notifySaved: (_, _params: { message: string; code: string | null }) => {},
    /** Supplied by the view: the error snack bar of a report that could not be downloaded. */
    notifyDownloadFailed: (_, _params: { message: string; code: string | null }) => {},
  },
  guards: {
    readOnly: ({ context }) => !context.canUpdate,
    invalid: ({ context }) => Object.keys(problemsOf(context.values, context.view)).length > 0,
    periodInvalid: ({ context }) => context.period.date_preset === 'custom' && validateDateRange(context.period.date_from, context.period.date_to) !== null,
  },
}).createMachine({
  id: 'monitoringConfiguration',
  context: ({ input }) => ({
    canUpdate: input.canUpdate,
    view: null,
    values: EMPTY_VALUES,
    fieldErrors: {},
    error: null,
    period: { date_preset: 'last_30_days', date_from: '', date_to: '' },
    periodErrors: {},
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ view: event.output, values: valuesOf(event.output), error: null })) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toApiFailure(event.error) }) },
      },
    },
    failed: {
      tags: ['failed'],
      description: 'The configuration could not be read: the message, and a way to try again.',
      on: { RETRY: 'loading' },
    },
    ready: {
      type: 'parallel',
      states: {
        settings: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                EDIT: [
                  { guard: 'readOnly', description: 'Read-only without update_ongoing_monitoring_settings: nothing changes.' },
                  {
                    description: 'A changed field loses its own problem; the others stay until the next submission.',
                    actions: assign(({ context, event }) => ({
                      values: { ...context.values, [event.field]: event.value },
                      fieldErrors: { ...context.fieldErrors, [event.field]: undefined },
                    })),
                  },
                ],
                DISCARD: {
                  description: 'Back to the configuration the server holds.',
                  actions: assign(({ context }) => ({ values: context.view ? valuesOf(context.view) : context.values, fieldErrors: {}, error: null })),
                },
                SUBMIT: [
                  { guard: 'readOnly', description: 'Read-only: nothing is sent (the API would answer Permission Denied).' },
                  {
                    guard: 'invalid',
                    description: 'Problems the browser can see are shown on their fields without a round trip: the API would refuse the same values with the same messages.',
                    actions: assign(({ context }) => ({ fieldErrors: problemsOf(context.values, context.view), error: null })),
                  },
                  { target: 'saving', actions: assign({ fieldErrors: {}, error: null }) },
                ],
              },
            },
            saving: {
              tags: ['busy'],
              description: 'The configuration is on its way; a second submit is not a second request.',
              invoke: {
                id: 'save',
                src: 'save',
                input: ({ context }) => bodyOf(context.values),
                onDone: {
                  target: 'editing',
                  description: 'The form and the summary show what the server saved (the next digest may have moved).',
                  actions: [
                    assign(({ event }) => ({ view: event.output, values: valuesOf(event.output) })),
                    { type: 'notifySaved', params: ({ event }) => ({ message: event.output.message ?? '', code: event.output.code ?? 'monitoring_settings_updated' }) },
                  ],
                },
                onError: {
                  target: 'editing',
                  description: 'Back to the form as the user left it, with the message, on its field when the answer names one.',
                  actions: assign(({ event }) => {
                    const failure = toApiFailure(event.error);
                    const field = failureField(event.error) as MonitoringConfigurationField | null;
                    const onField = field && FIELDS.includes(field) && failure.code;
                    return { error: onField ? null : failure, fieldErrors: onField ? { [field]: failure.code as MessageId } : {} };
                  }),
                },
              },
            },
          },
        },
        report: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                PERIOD: { actions: assign(({ context, event }) => ({ period: { ...context.period, ...event.period }, periodErrors: {} })) },
                DOWNLOAD: [
                  {
                    guard: 'periodInvalid',
                    description: 'A custom range is checked with the date-filter rules before anything is asked for.',
                    actions: assign(({ context }) => {
                      const problem = validateDateRange(context.period.date_from, context.period.date_to)!;
                      return { periodErrors: { [problem.field]: problem.rule } };
                    }),
                  },
                  { target: 'downloading', actions: assign({ periodErrors: {} }) },
                ],
              },
            },
            downloading: {
              tags: ['downloading'],
              invoke: {
                id: 'download',
                src: 'download',
                input: ({ context }) => reportQueryOf(context.period),
                onDone: 'idle',
                onError: {
                  target: 'idle',
                  actions: [
                    assign(({ event }) => {
                      const failure = toApiFailure(event.error);
                      const field = failureField(event.error);
                      return field === 'date_from' || field === 'date_to' ? { periodErrors: { [field]: failure.code as MessageId } } : {};
                    }),
                    {
                      type: 'notifyDownloadFailed',
                      params: ({ event }) => {
                        const failure = toApiFailure(event.error);
                        return { message: failure.message, code: failure.code ?? null };
                      },
                    },
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
});
