/** One notification as the API lists it and the socket pushes it (section 7 notifications); its text is the locale key notification.<kind> filled with params. */
export interface NotificationView {
  id: string;
  kind: string;
  params: Record<string, string | number>;
  link: string | null;
  is_read: boolean;
  created_at: string;
}
