/** Types of ensure-chromium.mjs, for its tests. */
export interface ChromiumFacts {
  env: Record<string, string | undefined>;
  exists(path: string): boolean;
  isRoot: boolean;
  hasAptGet: boolean;
}
export type ChromiumDecision = { action: 'ok'; path: string } | { action: 'install'; path: string } | { action: 'fail'; message: string };
export interface ChromiumIo extends ChromiumFacts {
  run(command: string, args: string[]): number;
  log(message: string): void;
  error(message: string): void;
}
export const DEFAULT_CHROMIUM: string;
export const INSTALL_COMMANDS: [string, string[]][];
export function decide(facts: ChromiumFacts): ChromiumDecision;
export function ensureChromium(io: ChromiumIo): number;
