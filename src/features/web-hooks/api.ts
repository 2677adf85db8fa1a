/** The web hook calls as the Web Hooks screen uses them, and the shapes they answer with. */
import type { DeliveryView, WebhookView } from '@common/webhooks';
import type { WebhookAction } from '@machines/web-hooks/webhook-actions.machine';
import type { CreateWebhookAnswer, CreateWebhookInput } from '@machines/web-hooks/webhook-editor.machine';
import { api } from '../../lib/api';

export interface Paged<Row> {
  page: number;
  page_size: number;
  total: number;
  data: Row[];
}
/** has_secret_key: whether the organisation has the secret key deliveries are signed with. */
export type WebhookPage = Paged<WebhookView> & { has_secret_key: boolean };
export type DeliveryPage = Paged<DeliveryView>;

/** An answer that carries a message (done()). */
export interface Answer {
  code?: string;
  message?: string;
  values?: Record<string, string | number>;
}

export const createWebhook = (body: CreateWebhookInput) => api.post<CreateWebhookAnswer>('/webhook', { ...body });

export const deleteWebhook = (id: string) => api.delete<Answer>(`/webhook/${encodeURIComponent(id)}`);

/** The one-click actions of the screen, each one call (machines/web-hooks/webhook-actions). */
export function runAction({ kind, id }: WebhookAction): Promise<Answer> {
  const at = encodeURIComponent(id);
  switch (kind) {
    case 'test':
      return api.post<Answer>('/test-webhook', { webhook_id: id });
    case 'enable':
      return api.post<Answer>(`/webhook/${at}/enable`);
    case 'disable':
      return api.post<Answer>(`/webhook/${at}/disable`);
    case 'replay':
      return api.post<Answer>(`/webhook-delivery/${at}/replay`);
  }
}
