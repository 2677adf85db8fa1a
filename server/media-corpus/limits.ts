/** Sizes of the article store, shared by ingest (what is indexed and stored) and search (what is read back). */

/** Characters of a body that are indexed and searched for snippets: the facts that identify an article come first. */
export const INDEX_CHARS = 20_000;
/** Longest body stored; longer ones are cut (a feed that sends a whole book). */
export const MAX_BODY_CHARS = 200_000;
