/** A part of a locale file (see src/lib/locale-parts.ts), produced by the build. */
declare module '*.json?public' {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module '*.json?app' {
  const messages: Record<string, unknown>;
  export default messages;
}
