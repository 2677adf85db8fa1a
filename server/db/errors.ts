/** Recognising constraint failures from either driver (node-postgres and PGlite both carry the SQLSTATE in `code`). */
const sqlState = (error: unknown) => (error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : '');

/** A unique index refused the row: two requests raced past the application's own check. */
export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';
/** A foreign key still points at the row being deleted. */
export const isForeignKeyViolation = (error: unknown) => sqlState(error) === '23503';
