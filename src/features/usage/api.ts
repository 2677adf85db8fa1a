/** The usage statistics calls (docs/usage-statistics.md). */
import { MESSAGES } from '@common/messages';
import type { UsagePeriodQuery, UsageStatistics } from '@common/usage';
import type { ReportFile } from '@machines/usage/report-link.machine';
import type { SharedLink } from '@machines/usage/usage-statistics.machine';
import { ApiError, api, downloadFile } from '../../lib/api';
import { pickErrorText } from '../../lib/errors';

/** A failed file answer is JSON read as a blob: read it back, so the failure has its message and code like any call's. */
async function fileFailure(status: number | null, body: Blob | null, fallback: unknown): Promise<ApiError> {
  if (body) {
    try {
      const data = JSON.parse(await body.text());
      return new ApiError(status, pickErrorText({ data }), data?.code, data);
    } catch {
      // not JSON: the error as it came
    }
  }
  return fallback instanceof ApiError ? fallback : new ApiError(status, pickErrorText(fallback));
}

export const usageApi = {
  load: (query: UsagePeriodQuery) => api.get<UsageStatistics>('/usage-statistics', { ...query }),
  share: (query: UsagePeriodQuery) => api.post<SharedLink>('/usage-statistics/share-link', { ...query }),
  async download(query: UsagePeriodQuery) {
    try {
      await downloadFile('/usage-statistics/report', { ...query }, 'usage-report.pdf');
    } catch (error) {
      const failed = error as { data?: unknown; response?: { status?: number }; status?: number } | null;
      throw await fileFailure(failed?.response?.status ?? failed?.status ?? null, failed?.data instanceof Blob ? failed.data : null, error);
    }
  },
  /** The report a link opens: public, so no session is sent. */
  async openLink(token: string): Promise<ReportFile> {
    let response: Response;
    try {
      response = await fetch(`/api/usage-report-pdf?token=${encodeURIComponent(token)}`, { headers: { accept: 'application/pdf, application/json' } });
    } catch {
      throw new ApiError(null, MESSAGES.offline, 'offline');
    }
    const blob = await response.blob();
    if (!response.ok) throw await fileFailure(response.status, blob, new Error(response.statusText));
    const fileName = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'usage-report.pdf';
    return { blob, fileName, url: URL.createObjectURL(blob) };
  },
};
