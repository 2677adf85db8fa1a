/** Types of the monitoring configuration statechart (monitoring-configuration.machine.ts). */
import type { DatePreset } from '../../common/enums';
import type { MessageId } from '../../common/messages';
import type { MonitoringSettings, MonitoringSettingsView } from '../../common/monitoring';
import type { ApiFailure } from '../shared/api-failure';

// ---------------------------------------------------------------- Input

export interface MonitoringConfigurationInput {
  /** The session holds update_ongoing_monitoring_settings: without it the screen is read-only. */
  canUpdate: boolean;
}

// ---------------------------------------------------------------- Context

/** The form's fields as the screen edits them (custom_end_date is '' when not custom). */
export interface MonitoringConfigurationValues {
  duration: MonitoringSettings['duration'];
  custom_end_date: string;
  alert_frequency: MonitoringSettings['alert_frequency'];
  channels: MonitoringSettings['channels'];
}

export type MonitoringConfigurationField = keyof MonitoringConfigurationValues;

/** The report's period, as Manage Case's date filter takes it. */
export interface ReportPeriod {
  date_preset: DatePreset;
  date_from: string;
  date_to: string;
}

export interface MonitoringConfigurationContext {
  canUpdate: boolean;
  /** The configuration and summary as the server last answered them. */
  view: MonitoringSettingsView | null;
  values: MonitoringConfigurationValues;
  /** Problems found in the browser, or placed on a field by the API, by field. */
  fieldErrors: Partial<Record<MonitoringConfigurationField, MessageId>>;
  /** The last failure of loading or saving (shown beside the form), until the next attempt. */
  error: ApiFailure | null;
  period: ReportPeriod;
  periodErrors: Partial<Record<'date_from' | 'date_to', MessageId>>;
}

// ---------------------------------------------------------------- Events

export type MonitoringConfigurationEvent =
  /** One field of the configuration changed. */
  | { type: 'EDIT'; field: MonitoringConfigurationField; value: unknown }
  /** Save the configuration. */
  | { type: 'SUBMIT' }
  /** Back to the saved configuration. */
  | { type: 'DISCARD' }
  /** Load again after a failure. */
  | { type: 'RETRY' }
  /** The report's period changed. */
  | { type: 'PERIOD'; period: Partial<ReportPeriod> }
  /** Download the report for the period. */
  | { type: 'DOWNLOAD' };

// ---------------------------------------------------------------- Actor I/O

/** What the save actor sends: update-ongoing-monitoring-settings' body. */
export interface MonitoringSettingsBody {
  duration: MonitoringSettings['duration'];
  custom_end_date: string | null;
  alert_frequency: MonitoringSettings['alert_frequency'];
  channels: MonitoringSettings['channels'];
}

/** update-ongoing-monitoring-settings' answer: the view with its success message. */
export type SavedSettings = MonitoringSettingsView & { code?: string; message?: string };

/** What the download actor asks for: get-ongoing-pdf-report's query. */
export type ReportQuery = Partial<ReportPeriod>;
