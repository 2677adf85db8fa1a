/** The risk-scoring calls as the Risk Scoring screen uses them. */
import type { RiskEngineView, RiskTryAnswer } from '@common/risk-scoring';
import type { Page } from '@machines/shared/list.machine';
import type { SaveEngineInput, TryEngineInput } from '@machines/risk-scoring/engine-editor.machine';
import { api } from '../../lib/api';

/** A success answer that carries a message (done() on the server). */
export interface EngineAnswer {
  code?: string;
  message?: string;
  values?: Record<string, string | number>;
  engine?: RiskEngineView;
}

/** What GET /api/view-risk-score-engine answers for a page of the engines table. */
export type EnginePage = Page<RiskEngineView>;

export const loadEngine = (id: string) => api.get<{ engine: RiskEngineView }>('/risk-score-engine', { id }).then((r) => r.engine);

export function saveEngine(input: SaveEngineInput) {
  if (input.engineId === null) return api.post<EngineAnswer>('/create-risk-score-engine', input.body);
  return api.post<EngineAnswer>('/update-risk-score-engine', { id: input.engineId, ...input.body });
}

export const tryEngine = (input: TryEngineInput) => api.post<RiskTryAnswer>('/try-risk-score-engine', input.body as unknown as Record<string, unknown>);

export const duplicateEngine = (id: string) => api.post<EngineAnswer>('/duplicate-risk-score-engine', { id });

export const setEngineActive = (id: string, active: boolean) => api.post<EngineAnswer>('/active-risk-score-engine', { id, active });

export const deleteEngine = (id: string) => api.post<EngineAnswer>('/delete-risk-score-engine', { id });
