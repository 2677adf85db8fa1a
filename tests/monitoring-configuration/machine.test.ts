/**
 * The Monitoring Configuration statechart with its calls settled by hand: loading (and retrying), editing
 * with the browser's checks (the API's own messages, nothing sent), saving (the form shows what the server
 * saved, a refusal lands on its field), the read-only screen, and the report's period and download.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { MonitoringSettingsView } from '../../common/monitoring';
import { monitoringConfigurationMachine } from '../../machines/monitoring-configuration/monitoring-configuration.machine';
import { selectDirty, selectEndsIfStartedNow, selectFieldError, selectSaving } from '../../machines/monitoring-configuration/monitoring-configuration.selectors';
import { deferredCalls, failure } from '../admin/harness';

const VIEW: MonitoringSettingsView = {
  duration: '365',
  custom_end_date: null,
  alert_frequency: 'daily',
  channels: ['in_app', 'email'],
  next_digest_at: null,
  last_digest_at: null,
  pending_alerts: 2,
  monitored_cases: 7,
  webhooks_available: false,
  updated_at: null,
  updated_by: null,
};

function screen(canUpdate = true) {
  const calls = deferredCalls(['load', 'save', 'download'] as const);
  const notices: string[] = [];
  const actor = createActor(
    monitoringConfigurationMachine.provide({
      actors: calls.actors,
      actions: {
        notifySaved: (_, p) => notices.push(`saved: ${p.code}`),
        notifyDownloadFailed: (_, p) => notices.push(`download failed: ${p.code}`),
      },
    }),
    { input: { canUpdate } },
  ).start();
  return { actor, notices, ...calls, snapshot: () => actor.getSnapshot() };
}

describe('the monitoring configuration screen', () => {
  it('loads the configuration, or says it could not and tries again', async () => {
    const s = screen();
    expect(s.snapshot().hasTag('busy')).toBe(true);
    await s.settle('load', { error: failure(null, 'Please check your internet connection.', 'offline') });
    expect(s.snapshot().hasTag('failed')).toBe(true);
    expect(s.snapshot().context.error?.code).toBe('offline');
    s.actor.send({ type: 'RETRY' });
    await s.settle('load', { output: VIEW });
    expect(s.snapshot().matches('ready')).toBe(true);
    expect(s.snapshot().context.values).toEqual({ duration: '365', custom_end_date: '', alert_frequency: 'daily', channels: ['in_app', 'email'] });
    expect(selectDirty(s.snapshot())).toBe(false);
    // A year from a given moment.
    expect(selectEndsIfStartedNow(s.snapshot(), new Date('2026-01-01T00:00:00Z'))?.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('checks in the browser with the API’s messages and sends nothing while a problem remains', async () => {
    const s = screen();
    await s.settle('load', { output: VIEW });
    s.actor.send({ type: 'EDIT', field: 'duration', value: 'custom' });
    s.actor.send({ type: 'EDIT', field: 'channels', value: ['webhooks'] });
    expect(selectDirty(s.snapshot())).toBe(true);
    s.actor.send({ type: 'SUBMIT' });
    expect(s.calls.map((c) => c.name)).toEqual(['load']);
    expect(selectFieldError(s.snapshot(), 'custom_end_date')).toBe('monitoring_end_date_required');
    expect(selectFieldError(s.snapshot(), 'channels')).toBe('monitoring_webhooks_unavailable');
    // Editing a field clears its own problem only.
    s.actor.send({ type: 'EDIT', field: 'channels', value: [] });
    expect(selectFieldError(s.snapshot(), 'channels')).toBeNull();
    expect(selectFieldError(s.snapshot(), 'custom_end_date')).toBe('monitoring_end_date_required');
    s.actor.send({ type: 'SUBMIT' });
    expect(selectFieldError(s.snapshot(), 'channels')).toBe('monitoring_channels_required');
    // Discarding goes back to what the server holds.
    s.actor.send({ type: 'DISCARD' });
    expect(s.snapshot().context.values.duration).toBe('365');
    expect(s.snapshot().context.fieldErrors).toEqual({});
  });

  it('saves, then shows what the server saved; a refusal lands on its field', async () => {
    const s = screen();
    await s.settle('load', { output: VIEW });
    s.actor.send({ type: 'EDIT', field: 'duration', value: 'custom' });
    s.actor.send({ type: 'EDIT', field: 'custom_end_date', value: '2099-12-31' });
    s.actor.send({ type: 'EDIT', field: 'alert_frequency', value: 'weekly' });
    s.actor.send({ type: 'SUBMIT' });
    expect(selectSaving(s.snapshot())).toBe(true);
    expect(s.calls[1]).toEqual({ name: 'save', input: { duration: 'custom', custom_end_date: '2099-12-31', alert_frequency: 'weekly', channels: ['in_app', 'email'] } });
    // A second submit while saving is not a second request.
    s.actor.send({ type: 'SUBMIT' });
    expect(s.calls).toHaveLength(2);
    await s.settle('save', { error: failure(400, 'The end date must be after today.', 'monitoring_end_date_past', 'custom_end_date') });
    expect(selectFieldError(s.snapshot(), 'custom_end_date')).toBe('monitoring_end_date_past');
    expect(s.snapshot().context.error).toBeNull();
    expect(s.snapshot().context.values.alert_frequency).toBe('weekly');

    s.actor.send({ type: 'EDIT', field: 'custom_end_date', value: '2099-06-30' });
    s.actor.send({ type: 'SUBMIT' });
    const saved = { ...VIEW, duration: 'custom', custom_end_date: '2099-06-30', alert_frequency: 'weekly', code: 'monitoring_settings_updated', message: 'Monitoring configuration saved.' } as const;
    await s.settle('save', { output: saved });
    expect(s.notices).toEqual(['saved: monitoring_settings_updated']);
    expect(s.snapshot().context.view).toMatchObject({ duration: 'custom', custom_end_date: '2099-06-30' });
    expect(selectDirty(s.snapshot())).toBe(false);
    expect(selectEndsIfStartedNow(s.snapshot())?.toISOString()).toBe('2099-06-30T23:59:59.999Z');

    // A refusal not about a field shows beside the form.
    s.actor.send({ type: 'EDIT', field: 'duration', value: '30' });
    s.actor.send({ type: 'SUBMIT' });
    await s.settle('save', { error: failure(403, 'Permission Denied', 'permission_denied') });
    expect(s.snapshot().context.error?.code).toBe('permission_denied');
  });

  it('is read-only without update_ongoing_monitoring_settings: edits and submits change and send nothing', async () => {
    const s = screen(false);
    await s.settle('load', { output: VIEW });
    s.actor.send({ type: 'EDIT', field: 'duration', value: '30' });
    s.actor.send({ type: 'SUBMIT' });
    expect(s.snapshot().context.values.duration).toBe('365');
    expect(s.calls.map((c) => c.name)).toEqual(['load']);
    // The report is still there.
    s.actor.send({ type: 'DOWNLOAD' });
    expect(s.calls[1]).toEqual({ name: 'download', input: { date_preset: 'last_30_days' } });
  });

  it('downloads the report for a preset or a checked custom range, and says when it failed', async () => {
    const s = screen();
    await s.settle('load', { output: VIEW });
    s.actor.send({ type: 'PERIOD', period: { date_preset: 'custom' } });
    s.actor.send({ type: 'DOWNLOAD' });
    expect(s.snapshot().context.periodErrors).toEqual({ date_from: 'date_range_required' });
    expect(s.calls).toHaveLength(1);
    s.actor.send({ type: 'PERIOD', period: { date_from: '2026-01-01', date_to: '2026-01-31' } });
    s.actor.send({ type: 'DOWNLOAD' });
    expect(s.snapshot().hasTag('downloading')).toBe(true);
    expect(s.calls[1]).toEqual({ name: 'download', input: { date_preset: 'custom', date_from: '2026-01-01', date_to: '2026-01-31' } });
    // The configuration can be edited while the report downloads.
    s.actor.send({ type: 'EDIT', field: 'alert_frequency', value: 'monthly' });
    expect(s.snapshot().context.values.alert_frequency).toBe('monthly');
    await s.settle('download', { error: failure(400, 'Future dates are not allowed.', 'future_date', 'date_to') });
    expect(s.snapshot().context.periodErrors).toEqual({ date_to: 'future_date' });
    expect(s.notices).toEqual(['download failed: future_date']);
    s.actor.send({ type: 'PERIOD', period: { date_preset: 'this_month' } });
    s.actor.send({ type: 'DOWNLOAD' });
    await s.settle('download', { output: undefined });
    expect(s.calls[2]).toEqual({ name: 'download', input: { date_preset: 'this_month' } });
    expect(s.snapshot().hasTag('downloading')).toBe(false);
  });
});
