/** What the router reads from the landing statechart: the path "/" leads to, once decided. */
import type { LandingOutput } from './landing.types';

export const selectLandingPath = (s: { output?: LandingOutput }): string | null => s.output?.path ?? null;
