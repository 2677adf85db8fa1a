/** The landing statechart agrees with the reference rules, and every final state is reachable. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { resolveLandingPath } from '../../common/access';
import { PERMISSION_NAMES } from '../../common/permissions';
import { landingMachine } from '../../machines/landing/landing.machine';
import { accessOf } from '../helpers/access-fixtures';

const land = (access: ReturnType<typeof accessOf> | null) => {
  const actor = createActor(landingMachine, { input: { access } }).start();
  const snapshot = actor.getSnapshot();
  return { path: snapshot.output?.path, state: snapshot.value as string };
};

describe('landing machine', () => {
  it.each([
    ['login', null, '/login'],
    ['demo', accessOf(['view_dashboard'], { is_demo: true }), '/demo'],
    ['dashboard', accessOf(['view_dashboard']), '/dashboard'],
    ['firstMenuItem', accessOf(['view_users'], { transaction_monitoring: false }), '/user-management'],
    ['plans', accessOf(['update_payment_method'], { billing_type: 'plan', plan_details: null }), '/plans'],
    ['firstAmlScreeningItem', accessOf(['create_new_case'], { billing_type: 'plan', plan_details: null }), '/make-case'],
  ] as const)('ends in %s', (state, access, path) => {
    expect(land(access as never)).toEqual({ state, path });
  });

  it('sends a user with no permissions to login', () => {
    expect(land(accessOf([], { transaction_monitoring: false }))).toEqual({ state: 'login', path: '/login' });
  });

  it('matches the shared rule for any user (property)', () => {
    fc.assert(
      fc.property(
        fc.subarray(PERMISSION_NAMES),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom('plan' as const, 'invoice' as const),
        fc.constantFrom(null, 'basic' as const, 'plus' as const),
        (permissions, demo, tm, billing, planName) => {
          const access = accessOf(permissions, {
            is_demo: demo,
            transaction_monitoring: tm,
            billing_type: billing,
            plan_details: planName ? { plan_name: planName } : null,
          });
          return land(access).path === resolveLandingPath(access);
        },
      ),
      { numRuns: 1500 },
    );
  });
});
