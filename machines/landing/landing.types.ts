/** Types of the landing statechart (machines/landing/landing.machine.ts). */
import type { AccessContext, LandingDestination } from '../../common/access';

// ---------------------------------------------------------------- Input

export interface LandingInput {
  /** Null when nobody is signed in. */
  access: AccessContext | null;
}

// ---------------------------------------------------------------- Context

export interface LandingContext {
  access: AccessContext | null;
  /** The destination the shared rule chose, and its path. */
  destination: LandingDestination;
  path: string;
}

// ---------------------------------------------------------------- Output

export interface LandingOutput {
  path: string;
}
