import type { CaseDetailView, CaseEventView, CommentView, HitDetailView, HitView } from '@common/cases';
export type { CaseDetailView, CaseEventView, CommentView, HitDetailView, HitView };

export interface ResultsAnswer {
  case: CaseDetailView;
  data: HitView[];
  total: number;
  facets: { relevance: Record<string, number>; database: Record<string, number>; match_status: Record<string, number> };
}

export interface RecordAnswer {
  case: CaseDetailView;
  entity: HitDetailView;
}

export interface Assignee {
  _id: string;
  name: string;
  email: string;
}
