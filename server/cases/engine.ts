/** Waiting for the lists and their health live with the stored case (server/case-store/engine.ts), shared by every area that screens. */
export * from '../case-store/engine';
