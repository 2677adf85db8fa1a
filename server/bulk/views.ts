/**
 * A batch row as the API and the socket show it (common/bulk.ts BatchView, BatchProgress). Every
 * statement that reads batches for a view selects BATCH_SELECT from `bulk_batches b` so the list, one
 * batch and the progress events agree.
 */
import { batchStatusOf, secondsLeft, type BatchPhase, type BatchProgress, type BatchView, type BulkOptions } from '../../common/bulk';
import type { Row } from '../db/client';

/** Columns of a batch view; the statement must read FROM bulk_batches b. */
export const BATCH_SELECT = `
  b.id, b.name, b.file_name, b.state, b.paused_reason, b.options, b.total_count, b.success_count, b.failed_count,
  b.run_started_at, b.run_done, b.created_at, b.started_at, b.finished_at, b.deleted_at, b.delete_reason,
  b.created_by, (SELECT u.name FROM users u WHERE u.id = b.created_by) AS created_by_name,
  b.deleted_by, (SELECT u.name FROM users u WHERE u.id = b.deleted_by) AS deleted_by_name,
  extract(epoch FROM (now() - b.run_started_at))::float8 AS run_seconds`;

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

/** Rows per second since the batch last started or resumed, once it has stored something. */
function rate(row: Row): number | null {
  const seconds = Number(row.run_seconds);
  if (!row.run_started_at || !(seconds > 0) || !(row.run_done > 0)) return null;
  return Math.round((row.run_done / seconds) * 10) / 10;
}

export function toBatchProgress(row: Row): BatchProgress {
  const phase = row.state as BatchPhase;
  const counts = { total_count: row.total_count as number, success_count: row.success_count as number, failed_count: row.failed_count as number };
  const rowsPerSecond = phase === 'running' ? rate(row) : null;
  return {
    id: row.id,
    status: batchStatusOf(phase),
    phase,
    paused_reason: phase === 'paused' ? (row.paused_reason ?? null) : null,
    ...counts,
    rows_per_second: rowsPerSecond,
    seconds_left: phase === 'running' ? secondsLeft(counts, rowsPerSecond) : null,
  };
}

export function toBatchView(row: Row): BatchView {
  return {
    ...toBatchProgress(row),
    name: row.name,
    file_name: row.file_name,
    created_at: iso(row.created_at)!,
    created_by: { id: row.created_by ?? null, name: row.created_by_name ?? null },
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
    options: row.options as BulkOptions,
    deleted_at: iso(row.deleted_at),
    deleted_by: row.deleted_at ? { id: row.deleted_by ?? null, name: row.deleted_by_name ?? null } : null,
    delete_reason: row.delete_reason ?? null,
  };
}
