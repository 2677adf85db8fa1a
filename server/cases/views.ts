/** The case views live with the stored case (server/case-store/views.ts), so other areas show a case the same way. */
export * from '../case-store/views';
