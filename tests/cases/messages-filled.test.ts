/**
 * Messages with placeholders ('Case {ref} created.') always leave the server
 * filled in: done() fills them, and every call site in server/ that answers
 * with such a message (done, doneWith, ApiError, badRequest) gives a value for
 * each placeholder. The call sites are read with the TypeScript parser, so a
 * new route that forgets its values fails here even before anyone calls it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type MessageId } from '../../common/messages';
import { done } from '../../server/http/reply';

const placeholders = (id: MessageId) => [...MESSAGES[id].matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
const withPlaceholders = (Object.keys(MESSAGES) as MessageId[]).filter((id) => placeholders(id).length > 0);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Where the message id and its values sit in each kind of call. */
const CALLS: Record<string, { id: number; values: number }> = {
  done: { id: 0, values: 2 },
  doneWith: { id: 0, values: 1 },
  badRequest: { id: 0, values: 2 },
  ApiError: { id: 1, values: 2 },
};

interface Site {
  file: string;
  line: number;
  callee: string;
  id: string;
  missing: string[];
}

/** Every call that answers with a message that has placeholders, and the placeholder names it leaves without a value. */
function callSites(): Site[] {
  const sites: Site[] = [];
  for (const file of sourceFiles('server')) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
    const visit = (node: ts.Node) => {
      if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && ts.isIdentifier(node.expression) && CALLS[node.expression.text]) {
        const where = CALLS[node.expression.text];
        const args = node.arguments ?? ts.factory.createNodeArray();
        const idArg = args[where.id];
        if (idArg && ts.isStringLiteralLike(idArg) && idArg.text in MESSAGES) {
          const needed = placeholders(idArg.text as MessageId);
          if (needed.length) {
            const valuesArg = args[where.values];
            let missing = needed;
            if (valuesArg && ts.isObjectLiteralExpression(valuesArg)) {
              const given = valuesArg.properties.map((p) => (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : '*'));
              missing = given.includes('*') ? [] : needed.filter((n) => !given.includes(n));
            } else if (valuesArg) missing = []; // a variable: its shape is the compiler's to check
            sites.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, callee: node.expression.text, id: idArg.text, missing });
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return sites;
}

describe('messages with placeholders', () => {
  it('done() fills the placeholders and answers the values for the screens', () => {
    const answer = done('case_created', { reference: 'AML-2026-000007' }, { ref: 'AML-2026-000007' });
    expect(answer).toMatchObject({ code: 'case_created', message: 'Case AML-2026-000007 created.', values: { ref: 'AML-2026-000007' }, reference: 'AML-2026-000007' });
    expect(done('decision_saved', { updated: [] })).toEqual({ code: 'decision_saved', message: 'Decision saved.', updated: [] });
  });

  it.each(withPlaceholders)('done(%s) leaves no placeholder unfilled when given its values', (id) => {
    const values = Object.fromEntries(placeholders(id).map((name) => [name, `<${name}>`]));
    const answer = (done as (code: MessageId, data: object, values: Record<string, string>) => { message: string })(id, {}, values);
    expect(answer.message).not.toMatch(/\{\w+\}/);
    for (const name of placeholders(id)) expect(answer.message).toContain(`<${name}>`);
  });

  it('every answer in server/ with such a message gives a value for each placeholder', () => {
    const sites = callSites();
    // The audit reads real call sites: the search route's case_created among them.
    expect(sites.some((s) => s.id === 'case_created' && s.file.endsWith(join('cases', 'routes.ts')))).toBe(true);
    expect(sites.filter((s) => s.missing.length).map((s) => `${s.file}:${s.line} ${s.callee}('${s.id}') lacks ${s.missing.join(', ')}`)).toEqual([]);
  });
});

// Compile-time half of the rule (checked by `npm run typecheck`): a message with
// placeholders needs its values, one without takes none.
export function typeChecks() {
  // @ts-expect-error 'Case {ref} created.' without ref
  done('case_created', { reference: 'AML-2026-000001' });
  // @ts-expect-error a value named differently from the placeholder
  done('case_created', {}, { reference: 'AML-2026-000001' });
  done('case_created', {}, { ref: 'AML-2026-000001' });
  done('comment_added', { _id: 'x' });
}
