/** The Monitoring Configuration screen's calls (section 7 "Ongoing monitoring"). */
import type { MonitoringSettingsView } from '@common/monitoring';
import type { MonitoringSettingsBody, ReportQuery, SavedSettings } from '@machines/monitoring-configuration/monitoring-configuration.machine';
import { ApiError, api, downloadFile } from '../../lib/api';
import { pickErrorText } from '../../lib/errors';

/**
 * A failed download answers JSON, which the file request reads as a blob: read it back, so the failure has
 * its message and code (and the field it is about) like any other call's.
 */
async function downloadFailure(error: unknown): Promise<unknown> {
  const failed = error as { data?: unknown; response?: { status?: number }; status?: number } | null;
  const status = failed?.response?.status ?? failed?.status ?? null;
  if (failed?.data instanceof Blob) {
    try {
      const data = JSON.parse(await failed.data.text());
      return new ApiError(status, pickErrorText({ data }), data?.code, data);
    } catch {
      // not JSON: the error as it came
    }
  }
  return error instanceof ApiError ? error : new ApiError(status, pickErrorText(error));
}

export const monitoringApi = {
  load: () => api.get<MonitoringSettingsView>('/get-ongoing-monitoring-settings'),
  save: (body: MonitoringSettingsBody) => api.post<SavedSettings>('/update-ongoing-monitoring-settings', { ...body }),
  async downloadReport(query: ReportQuery) {
    try {
      await downloadFile('/get-ongoing-pdf-report', { ...query, tz_offset: new Date().getTimezoneOffset() }, 'monitoring-report.pdf');
    } catch (error) {
      throw await downloadFailure(error);
    }
  },
};
