/** Types of the ongoing-monitoring switch statechart (monitoring.machine.ts). */

// ---------------------------------------------------------------- Input

export interface MonitoringInput {
  /** What the server holds now. */
  enabled: boolean;
}

// ---------------------------------------------------------------- Context

export interface MonitoringContext {
  enabled: boolean;
  error: string | null;
  errorCode: string | null;
}

// ---------------------------------------------------------------- Events

export type MonitoringEvent =
  | { type: 'TOGGLE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  /** The server's value changed (a refresh after someone else switched it). */
  | { type: 'SYNC'; enabled: boolean };
