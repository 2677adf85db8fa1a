/** The case calls as the case screens use them. */
import { api } from '../../lib/api';

// Other screens (the dashboard) follow cases too, so this hook lives in src/lib.
export { useCaseChanges } from '../../lib/useCaseChanges';

export const caseApi = {
  decide: (body: Record<string, unknown>) => api.post('/decision-review', body),
  monitor: (body: Record<string, unknown>) => api.post('/monitor', body),
  addComment: (body: Record<string, unknown>) => api.post('/add-comment', body),
  updateComment: (body: Record<string, unknown>) => api.post('/update-comment', body),
  deleteComment: (body: Record<string, unknown>) => api.post('/delete-comment', body),
  deleteCases: (body: Record<string, unknown>) => api.post('/delete-cases', body),
};
