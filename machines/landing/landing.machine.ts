/**
 * Where a user lands when opening "/" (section 6), as a chain of guarded
 * decisions that reads top to bottom in the visualiser. Each final state names
 * a destination; the output is the path. The rules themselves live in
 * common/access.ts, shared with the server and the route guards.
 */
import { assign, setup } from 'xstate';
import { firstPermittedMenuPath, lacksPlanDetails, meetsRequirement, findRoute, type AccessContext } from '../../common/access';

export interface LandingInput {
  /** Null when nobody is signed in. */
  access: AccessContext | null;
}

interface LandingContext {
  access: AccessContext | null;
  path: string;
}

export const landingMachine = setup({
  types: { input: {} as LandingInput, context: {} as LandingContext, output: {} as { path: string } },
  guards: {
    isSignedOut: ({ context }) => context.access === null,
    isDemoOrganisation: ({ context }) => Boolean(context.access?.organisation.is_demo),
    hasNoPermissions: ({ context }) => context.access!.permissions.length === 0,
    needsPlanChoice: ({ context }) => lacksPlanDetails(context.access!.organisation),
    canPay: ({ context }) => context.access!.permissions.includes('update_payment_method'),
    hasAmlScreeningItem: ({ context }) => firstPermittedMenuPath(context.access!, 'aml_screening') !== undefined,
    canSeeDashboard: ({ context }) => meetsRequirement(findRoute('dashboard').requirement, context.access!),
    hasAnyMenuItem: ({ context }) => firstPermittedMenuPath(context.access!) !== undefined,
  },
}).createMachine({
  id: 'landing',
  context: ({ input }) => ({ access: input.access, path: '/login' }),
  initial: 'deciding',
  output: ({ context }) => ({ path: context.path }),
  states: {
    deciding: {
      always: [
        { guard: 'isSignedOut', target: 'login' },
        // The demo organisation lives under /demo.
        { guard: 'isDemoOrganisation', target: 'demo' },
        { guard: 'hasNoPermissions', target: 'login' },
        { guard: 'needsPlanChoice', target: 'planChoice' },
        { guard: 'canSeeDashboard', target: 'dashboard' },
        { guard: 'hasAnyMenuItem', target: 'firstMenuItem' },
        { target: 'login' },
      ],
    },
    /** Plan billing without a plan: pay first if allowed, otherwise screening still works on trial credits. */
    planChoice: {
      always: [
        { guard: 'canPay', target: 'plans' },
        { guard: 'hasAmlScreeningItem', target: 'firstAmlScreeningItem' },
        { target: 'login' },
      ],
    },
    login: { type: 'final', entry: assign({ path: '/login' }) },
    demo: { type: 'final', entry: assign({ path: '/demo' }) },
    plans: { type: 'final', entry: assign({ path: '/plans' }) },
    dashboard: { type: 'final', entry: assign({ path: '/dashboard' }) },
    firstAmlScreeningItem: { type: 'final', entry: assign({ path: ({ context }) => firstPermittedMenuPath(context.access!, 'aml_screening')! }) },
    firstMenuItem: { type: 'final', entry: assign({ path: ({ context }) => firstPermittedMenuPath(context.access!)! }) },
  },
});
