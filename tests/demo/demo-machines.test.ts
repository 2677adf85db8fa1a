/**
 * The demo's statecharts with their calls supplied by the test: the search form checks the shared rules
 * before sending, sends the body the API takes, leads to the results, and halts on a used-up allowance
 * with the way on to a full account; the "Request full account" dialog checks its rules, sends, shows the
 * confirmation, and opens fresh after a success but as it was left after a close.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { demoRequestMachine, requestBody } from '../../machines/demo/demo-request.machine';
import { selectConfirmation, selectFieldProblem, selectFormError, selectIsOpen, selectIsSent } from '../../machines/demo/demo-request.selectors';
import { demoSearchBody, demoSearchMachine } from '../../machines/demo/demo-search.machine';
import { selectFieldError, selectHalted, selectSearchReference } from '../../machines/demo/demo-search.selectors';
import type { DemoSearchValues } from '../../machines/demo/demo-search.types';
import type { RequestInput } from '../../machines/demo/demo-request.types';

const failure = (status: number, message: string, code: string, data: Record<string, unknown> = {}) => Object.assign(new Error(message), { status, code, data: { code, ...data } });

describe('the demo search form', () => {
  function start(answer: (body: Record<string, string>) => Promise<unknown>) {
    const sent: Record<string, string>[] = [];
    const effects: string[] = [];
    const actor = createActor(
      demoSearchMachine.provide({
        actors: {
          submit: fromPromise(async ({ input }) => {
            const body = demoSearchBody(input as DemoSearchValues);
            sent.push(body);
            return answer(body);
          }),
        },
        actions: {
          navigate: (_, params) => effects.push(`navigate ${(params.result as { reference: string }).reference}`),
          followUp: () => effects.push('request account'),
        },
      }),
    ).start();
    return { actor, sent, effects };
  }

  it('shows the shared rules on their fields without sending', () => {
    const { actor, sent } = start(async () => ({}));
    actor.send({ type: 'EDIT', field: 'search_term', value: '1' });
    actor.send({ type: 'EDIT', field: 'birth_year', value: '1850' });
    actor.send({ type: 'SUBMIT' });
    expect(selectFieldError(actor.getSnapshot(), 'search_term')).toBe('search_term_length');
    expect(selectFieldError(actor.getSnapshot(), 'birth_year')).toBe('year_min');
    expect(sent).toEqual([]);
    // Editing a field clears its own problem only.
    actor.send({ type: 'EDIT', field: 'search_term', value: 'Ayman al-Zawahri' });
    expect(selectFieldError(actor.getSnapshot(), 'search_term')).toBeNull();
    expect(selectFieldError(actor.getSnapshot(), 'birth_year')).toBe('year_min');
  });

  it('sends the trimmed body and leads to the results', async () => {
    const { actor, sent, effects } = start(async () => ({ reference: 'AML-2026-000007', allowance: { left: 9 } }));
    actor.send({ type: 'EDIT', field: 'search_term', value: '  Ayman al-Zawahri ' });
    actor.send({ type: 'EDIT', field: 'entity_type', value: 'person' });
    actor.send({ type: 'EDIT', field: 'country', value: ['EG'] });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.hasTag('succeeded'));
    expect(sent).toEqual([{ search_term: 'Ayman al-Zawahri', entity_type: 'person', country: 'EG' }]);
    expect(selectSearchReference(actor.getSnapshot())).toBe('AML-2026-000007');
    expect(effects).toEqual(['navigate AML-2026-000007']);
  });

  it('halts on a used-up allowance, and offers a full account', async () => {
    const { actor, effects } = start(async () => {
      throw failure(429, 'You have used all 10 demo searches for today.', 'demo_allowance_used');
    });
    actor.send({ type: 'EDIT', field: 'search_term', value: 'Ayman al-Zawahri' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => selectHalted(s));
    actor.send({ type: 'FOLLOW_UP' });
    expect(effects).toEqual(['request account']);
    expect(selectHalted(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().hasTag('editable')).toBe(true);
  });

  it('puts any other refusal on its field', async () => {
    const { actor } = start(async () => {
      throw failure(400, 'Unknown country code.', 'invalid_country', { field: 'country' });
    });
    actor.send({ type: 'EDIT', field: 'search_term', value: 'Ayman al-Zawahri' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.hasTag('failed'));
    expect(selectHalted(actor.getSnapshot())).toBe(false);
    expect(selectFieldError(actor.getSnapshot(), 'country')).toBe('invalid_country');
  });
});

describe('the "Request full account" dialog', () => {
  function start(answer: (body: RequestInput) => Promise<unknown>) {
    const sent: RequestInput[] = [];
    const actor = createActor(
      demoRequestMachine.provide({
        actors: {
          send: fromPromise(async ({ input }) => {
            sent.push(input);
            return answer(input) as never;
          }),
        },
      }),
    ).start();
    const fill = (values: Partial<Record<'name' | 'company' | 'email' | 'phone' | 'message', string>>) => {
      for (const [field, value] of Object.entries(values)) actor.send({ type: 'EDIT', field: field as 'name', value: value! });
    };
    return { actor, sent, fill };
  }

  it('checks the rules the API applies before sending', () => {
    const { actor, sent, fill } = start(async () => ({}));
    actor.send({ type: 'OPEN' });
    fill({ name: 'J4ne', company: 'X', email: 'jane@', phone: 'call me' });
    actor.send({ type: 'SUBMIT' });
    const s = actor.getSnapshot();
    expect(selectFieldProblem(s, 'name')).toBe('name_characters');
    expect(selectFieldProblem(s, 'company')).toBe('demo_company_length');
    expect(selectFieldProblem(s, 'email')).toBe('email_invalid');
    expect(selectFieldProblem(s, 'phone')).toBe('demo_phone_invalid');
    expect(selectFieldProblem(s, 'message')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('sends, shows the confirmation, and opens fresh the next time', async () => {
    const { actor, sent, fill } = start(async (body) => ({ code: 'demo_request_sent', message: `Thank you. We will contact you at ${body.email}.`, values: { email: body.email } }));
    actor.send({ type: 'OPEN' });
    fill({ name: 'Jane Prospect', company: 'Example Bank', email: 'jane@example.com' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => selectIsSent(s));
    // Blank optional fields are left out of the body.
    expect(sent).toEqual([requestBody({ name: 'Jane Prospect', company: 'Example Bank', email: 'jane@example.com', phone: '', message: '' })]);
    expect(sent[0]).toEqual({ name: 'Jane Prospect', company: 'Example Bank', email: 'jane@example.com' });
    expect(selectConfirmation(actor.getSnapshot())?.values).toEqual({ email: 'jane@example.com' });
    actor.send({ type: 'CLOSE' });
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'OPEN' });
    expect(actor.getSnapshot().context.values.name).toBe('');
  });

  it('keeps what was typed when closed half-way, and shows a refusal above the buttons', async () => {
    const { actor, fill } = start(async () => {
      throw failure(429, 'You have sent several requests in the last hour.', 'demo_request_throttled');
    });
    actor.send({ type: 'OPEN' });
    fill({ name: 'Jane Prospect' });
    actor.send({ type: 'CLOSE' });
    actor.send({ type: 'OPEN' });
    expect(actor.getSnapshot().context.values.name).toBe('Jane Prospect');
    fill({ company: 'Example Bank', email: 'jane@example.com' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.hasTag('editable') && s.context.error !== null);
    expect(selectFormError(actor.getSnapshot())).toEqual({ message: 'You have sent several requests in the last hour.', code: 'demo_request_throttled' });
    expect(selectIsOpen(actor.getSnapshot())).toBe(true);
  });
});
