/**
 * The attack suite's own guards, on routes made up for the purpose: a field
 * named like an id that nobody declared, a declared id no example carries, an
 * operation a check never reached or excused without a reason, an empty
 * document. Each must be reported, or the suite could pass having checked
 * nothing. Also: what the route declarations publish in the OpenAPI document.
 */
import { object, optional } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { INPUT_LIMITS, text } from '../../common/schemas/core';
import { buildOpenApi } from '../../server/http/openapi';
import { route, type ApiRoute } from '../../server/http/routes';
import { coverageGaps, idDeclarationProblems, readOperations, type Ledger } from './attack/document';

const handler = async () => ({ ok: true });
const documentOf = (routes: ApiRoute[]) => readOperations(buildOpenApi(routes, 'http://app.test'));

const Body = object({ user_id: text(INPUT_LIMITS.id), note: optional(text(INPUT_LIMITS.short)) });

describe('attack suite guards', () => {
  it('reports a field named like an id that is neither declared nor excused', () => {
    const [op] = documentOf([route({ method: 'POST', path: '/undeclared', operationId: 'probeUndeclared', tag: 'T', summary: 's', access: {}, body: Body, handler })]);
    expect(idDeclarationProblems(op)).toEqual(['POST /api/undeclared: body.user_id looks like a record id; declare it in ids (with its kind) or excuse it in attack.notIds']);
  });

  it('reports a declared id that no example request carries, and one the schema lacks', () => {
    const [op] = documentOf([route({ method: 'POST', path: '/no-example', operationId: 'probeNoExample', tag: 'T', summary: 's', access: {}, body: Body, ids: { 'body.user_id': 'user', 'body.role_id': 'role' }, handler })]);
    expect(idDeclarationProblems(op)).toEqual([
      'POST /api/no-example: ids names body.role_id, which the request schema does not have',
      'POST /api/no-example: no example request contains body.user_id; add one to examples',
      'POST /api/no-example: no example request contains body.role_id; add one to examples',
    ]);
  });

  it('accepts a declared id with an example, and an excused look-alike', () => {
    const ops = documentOf([
      route({ method: 'POST', path: '/declared', operationId: 'probeDeclared', tag: 'T', summary: 's', access: {}, body: Body, ids: { 'body.user_id': { kind: 'user', unknown: 400 } }, examples: [{ body: { user_id: '<user id>' } }], handler }),
      route({ method: 'POST', path: '/excused', operationId: 'probeExcused', tag: 'T', summary: 's', access: {}, body: Body, attack: { notIds: { 'body.user_id': 'a number printed on a badge' } }, handler }),
    ]);
    expect(ops.flatMap(idDeclarationProblems)).toEqual([]);
    expect(ops.find((op) => op.key === 'POST /api/declared')!.ids).toEqual({ 'body.user_id': { kind: 'user', unknown: 400 } });
  });

  it('reports an empty document, a check that never ran, an excuse without a reason and a check that covered nothing', () => {
    expect(coverageGaps([], ['malformed'], new Map())).toEqual(['the OpenAPI document lists no operation', 'malformed covered no operation at all']);
    const ops = documentOf([
      route({ method: 'GET', path: '/a', operationId: 'probeA', tag: 'T', summary: 's', handler }),
      route({ method: 'GET', path: '/b', operationId: 'probeB', tag: 'T', summary: 's', handler }),
    ]);
    const ledger: Ledger = new Map([
      ['GET /api/a', { malformed: { covered: 10 }, foreign_ids: { excused: 'takes no record id' } }],
      ['GET /api/b', { malformed: { covered: 0 }, foreign_ids: { excused: '' } }],
    ]);
    expect(coverageGaps(ops, ['malformed', 'foreign_ids', 'unauthenticated'], ledger)).toEqual([
      'GET /api/a: unauthenticated neither ran nor is excused',
      'GET /api/b: malformed sent no request',
      'GET /api/b: foreign_ids is excused without a reason',
      'GET /api/b: unauthenticated neither ran nor is excused',
      'foreign_ids covered no operation at all',
      'unauthenticated covered no operation at all',
    ]);
  });

  it('publishes the declarations: ids, examples, excuses, the requirement (null without one) and every string limit', () => {
    const doc = buildOpenApi(
      [
        route({ method: 'POST', path: '/x', operationId: 'probeX', tag: 'T', summary: 's', access: { permissions: ['view_case'] }, body: Body, ids: { 'body.user_id': 'user' }, examples: [{ body: { user_id: '<user id>' } }], attack: { runs: { count: 5, reason: 'slow' } }, handler }),
        route({ method: 'GET', path: '/y', operationId: 'probeY', tag: 'T', summary: 's', handler }),
      ],
      'http://app.test',
    ) as any;
    const x = doc.paths['/api/x'].post;
    expect(x['x-ids']).toEqual({ 'body.user_id': { kind: 'user', unknown: 404 } });
    expect(x['x-examples']).toEqual([{ body: { user_id: '<user id>' } }]);
    expect(x['x-attack']).toEqual({ runs: { count: 5, reason: 'slow' } });
    expect(x['x-requirement']).toEqual({ permissions: ['view_case'] });
    expect(x.requestBody.content['application/json'].schema.properties).toEqual({ user_id: { type: 'string', maxLength: 100 }, note: { type: 'string', maxLength: 200 } });
    expect(doc.paths['/api/y'].get['x-requirement']).toBeNull();
  });
});
