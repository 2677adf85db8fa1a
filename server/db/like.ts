/** A LIKE pattern that finds the text anywhere, ignoring case; the user's own %, _ and backslash match themselves. */
export const likePattern = (text: string) => `%${text.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
