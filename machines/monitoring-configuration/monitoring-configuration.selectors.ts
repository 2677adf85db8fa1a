/** What the Monitoring Configuration screen reads from its statechart's snapshot. */
import type { SnapshotFrom } from 'xstate';
import { monitoringEndsAt } from '../../common/monitoring';
import { bodyOf, type monitoringConfigurationMachine } from './monitoring-configuration.machine';
import type { MonitoringConfigurationField } from './monitoring-configuration.types';

type Snapshot = SnapshotFrom<typeof monitoringConfigurationMachine>;

export const selectLoading = (s: Snapshot) => s.matches('loading');
export const selectLoadFailed = (s: Snapshot) => s.hasTag('failed');
export const selectReady = (s: Snapshot) => s.matches('ready');
export const selectSaving = (s: Snapshot) => s.matches({ ready: { settings: 'saving' } });
export const selectDownloading = (s: Snapshot) => s.hasTag('downloading');
export const selectView = (s: Snapshot) => s.context.view;
export const selectValues = (s: Snapshot) => s.context.values;
export const selectReadOnly = (s: Snapshot) => !s.context.canUpdate;
export const selectFieldError = (s: Snapshot, field: MonitoringConfigurationField) => s.context.fieldErrors[field] ?? null;
export const selectError = (s: Snapshot) => s.context.error;
export const selectPeriod = (s: Snapshot) => s.context.period;
export const selectPeriodError = (s: Snapshot, field: 'date_from' | 'date_to') => s.context.periodErrors[field] ?? null;

/** The form differs from what the server holds. */
export function selectDirty(s: Snapshot): boolean {
  const { view, values } = s.context;
  if (!view) return false;
  const saved = bodyOf({ duration: view.duration, custom_end_date: view.custom_end_date ?? '', alert_frequency: view.alert_frequency, channels: view.channels });
  const edited = bodyOf(values);
  return (
    saved.duration !== edited.duration ||
    saved.custom_end_date !== edited.custom_end_date ||
    saved.alert_frequency !== edited.alert_frequency ||
    [...saved.channels].sort().join() !== [...edited.channels].sort().join()
  );
}

/** When monitoring switched on now would end with the saved configuration. */
export function selectEndsIfStartedNow(s: Snapshot, now = new Date()): Date | null {
  const view = s.context.view;
  if (!view || (view.duration === 'custom' && !view.custom_end_date)) return null;
  return monitoringEndsAt(now, view);
}
/** Every field's problem at once (one object, the same until a problem changes). */
export const selectFieldErrors = (s: Snapshot) => s.context.fieldErrors;
export const selectPeriodErrors = (s: Snapshot) => s.context.periodErrors;
