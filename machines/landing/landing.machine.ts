/**
 * Where a user lands when opening "/" (section 6). The rule is written once,
 * in common/access.ts (resolveLandingPath, shared with the server's
 * redirect_url and the route guards); this chart names its outcome, one final
 * state per destination, so the visualiser and the diagrams show where "/" can
 * lead, and its output is the rule's path.
 */
import { setup } from 'xstate';
import { landingDestination, resolveLandingPath, type LandingDestination } from '../../common/access';
import type { LandingContext, LandingInput, LandingOutput } from './landing.types';

export type { LandingInput } from './landing.types';

export const landingMachine = setup({
  types: { input: {} as LandingInput, context: {} as LandingContext, output: {} as LandingOutput },
  guards: {
    landsOn: ({ context }, params: { destination: LandingDestination }) => context.destination === params.destination,
  },
}).createMachine({
  id: 'landing',
  context: ({ input }) =>
    input.access === null
      ? { access: null, destination: 'login', path: '/login' }
      : { access: input.access, destination: landingDestination(input.access).destination, path: resolveLandingPath(input.access) },
  initial: 'deciding',
  output: ({ context }) => ({ path: context.path }),
  states: {
    deciding: {
      description: 'Nobody signed in goes to sign in; everyone else where the shared rule says.',
      always: [
        { guard: { type: 'landsOn', params: { destination: 'demo' } }, target: 'demo', description: 'The demo organisation lives under /demo.' },
        { guard: { type: 'landsOn', params: { destination: 'plans' } }, target: 'plans', description: 'Plan billing without a plan, and allowed to pay: choose a plan first.' },
        {
          guard: { type: 'landsOn', params: { destination: 'firstAmlScreeningItem' } },
          target: 'firstAmlScreeningItem',
          description: 'Plan billing without a plan, not allowed to pay: screening still works on trial credits.',
        },
        { guard: { type: 'landsOn', params: { destination: 'dashboard' } }, target: 'dashboard' },
        { guard: { type: 'landsOn', params: { destination: 'firstMenuItem' } }, target: 'firstMenuItem', description: 'No dashboard: the first menu item the user may open.' },
        { target: 'login', description: 'Signed out, no permissions, or nothing the user may open.' },
      ],
    },
    login: { type: 'final', description: '/login' },
    demo: { type: 'final', description: '/demo' },
    plans: { type: 'final', description: '/plans' },
    dashboard: { type: 'final', description: '/dashboard' },
    firstAmlScreeningItem: { type: 'final', description: 'The first AML screening item of the menu the user may open.' },
    firstMenuItem: { type: 'final', description: 'The first menu item the user may open.' },
  },
});
