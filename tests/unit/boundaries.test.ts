/**
 * The import boundaries (.dependency-cruiser.cjs, docs/architecture.md "Boundaries"), checked the way
 * `npm test` checks them: the `lint` script's own command. The real tree must pass; a small tree that
 * breaks each rule once must fail with exactly those rules named, and what the rules allow must pass.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const CONFIG = '.dependency-cruiser.cjs';
const toolDir = join(root, 'node_modules/dependency-cruiser');
const depcruise = join(toolDir, JSON.parse(readFileSync(join(toolDir, 'package.json'), 'utf8')).bin.depcruise);

/** The arguments of `npm run lint`, so the test runs what the suite runs. */
function lintArguments(): string[] {
  const script: string = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.lint;
  const [tool, ...args] = script.split(/\s+/);
  expect(tool).toBe('depcruise');
  return args;
}

interface Run {
  code: number;
  output: string;
  /** "rule: from -> to", one per violation the checker printed. */
  violations: string[];
}

function runLint(cwd: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [depcruise, ...lintArguments()], { cwd, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const output = `${stdout}${stderr}`;
      const violations = [...output.matchAll(/^\s*error (\S+): (\S+) → (\S+)$/gm)].map(([, rule, from, to]) => `${rule}: ${from} -> ${to}`);
      resolve({ code: error ? Number(error.code ?? 1) : 0, output, violations });
    });
  });
}

describe('import boundaries', () => {
  it('the real tree keeps every boundary', async () => {
    const run = await runLint(root);
    expect(run.violations).toEqual([]);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/no dependency violations found/);
  });

  describe('a tree that crosses each boundary once', () => {
    let tree: string;
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(tree, path)), { recursive: true });
      writeFileSync(join(tree, path), text);
    };

    beforeAll(() => {
      tree = mkdtempSync(join(tmpdir(), 'boundaries-'));
      // The same rules and the same path aliases as the project.
      copyFileSync(join(root, CONFIG), join(tree, CONFIG));
      copyFileSync(join(root, 'tsconfig.json'), join(tree, 'tsconfig.json'));
      const leaf = 'export const x = 1;\n';

      // Views: areas, the shared folders, the shell and its page registry.
      write('src/features/cases/labels.ts', leaf);
      write('src/features/cases/CasesPage.tsx', "import { x } from './labels';\nimport { y } from '../../components/Thing';\nexport default () => x + y;\n");
      write('src/features/dashboard/DashboardPage.tsx', "import { x } from '../cases/labels';\nexport default () => x;\n");
      write('src/features/users/api.ts', 'export interface User { id: string }\n');
      write('src/features/roles/RolesPage.tsx', "import type { User } from '../users/api';\nexport default (u: User) => u.id;\n");
      write('src/features/users/UsersPage.tsx', "import { gone } from '../../lib/gone';\nexport default () => gone;\n");
      write('src/components/Thing.ts', "import { x } from '@machines/shared/list';\nexport const y = x;\n");
      write('src/lib/helper.ts', "import { x } from '../features/cases/labels';\nexport const h = x;\n");
      write('src/lib/leak.ts', "import { db } from '../../server/db/client';\nexport const l = db;\n");
      write('src/app/shell/Header.tsx', "import { x } from '../../features/cases/labels';\nexport const header = x;\n");
      write(
        'src/app/pages.tsx',
        [
          "export const cases = () => import('../features/cases/CasesPage');",
          "export const labels = () => import('../features/cases/labels');",
          "import Dashboard from '../features/dashboard/DashboardPage';",
          'export const dashboard = Dashboard;',
          '',
        ].join('\n'),
      );

      // Machines: areas, shared/ and forms/, and what they must not reach.
      write('machines/shared/list.ts', leaf);
      write('machines/forms/form.machine.ts', leaf);
      write('machines/session/session.types.ts', 'export type AuthState = { token: string };\n');
      write(
        'machines/settings/two-factor.machine.ts',
        [
          "import type { AuthState } from '../session/session.types';",
          "import { x } from '../shared/list';",
          "import { x as f } from '@machines/forms/form.machine';",
          "import { y } from '../../src/components/Thing';",
          'export const m = (s: AuthState) => [s, x, f, y];',
          '',
        ].join('\n'),
      );
      write('machines/catalogue.ts', "export { m } from './settings/two-factor.machine';\nexport { x } from './forms/form.machine';\n");

      // Server: product areas, platform folders, composition root.
      write('server/cases/list.ts', leaf);
      write('server/db/client.ts', "import { x } from '../cases/list';\nexport const db = x;\n");
      write('server/auth/sessions.ts', "import { h } from '../../src/lib/helper';\nexport const s = h;\n");
      write('server/dashboard/routes.ts', "import { x } from '../cases/list';\nimport { db } from '../db/client';\nimport { s } from '../auth/sessions';\nexport const r = [x, db, s];\n");
      write('server/app.ts', "import { r } from './dashboard/routes';\nimport { x } from './cases/list';\nexport const app = [r, x];\n");

      // common/ is shared by both sides and reaches neither.
      write('common/access.ts', "import { db } from '../server/db/client';\nimport { x } from '../machines/shared/list';\nexport const a = [db, x];\n");
    });

    afterAll(() => rmSync(tree, { recursive: true, force: true }));

    it('fails, naming each rule and each import that breaks it, and nothing else', async () => {
      const run = await runLint(tree);
      expect(run.code).not.toBe(0);
      expect([...run.violations].sort()).toEqual(
        [
          'feature-to-other-feature: src/features/dashboard/DashboardPage.tsx -> src/features/cases/labels.ts',
          // A type-only import couples two areas too.
          'feature-to-other-feature: src/features/roles/RolesPage.tsx -> src/features/users/api.ts',
          'shared-view-code-to-app-or-feature: src/lib/helper.ts -> src/features/cases/labels.ts',
          'browser-to-server: src/lib/leak.ts -> server/db/client.ts',
          'shell-to-feature: src/app/shell/Header.tsx -> src/features/cases/labels.ts',
          'registry-to-non-page: src/app/pages.tsx -> src/features/cases/labels.ts',
          'registry-static-page-import: src/app/pages.tsx -> src/features/dashboard/DashboardPage.tsx',
          'not-to-unresolvable: src/features/users/UsersPage.tsx -> ../../lib/gone',
          'machine-to-other-machine-area: machines/settings/two-factor.machine.ts -> machines/session/session.types.ts',
          'machine-to-view: machines/settings/two-factor.machine.ts -> src/components/Thing.ts',
          'server-area-to-other-area: server/dashboard/routes.ts -> server/cases/list.ts',
          'server-platform-to-area: server/db/client.ts -> server/cases/list.ts',
          'server-to-browser: server/auth/sessions.ts -> src/lib/helper.ts',
          'common-to-either-side: common/access.ts -> server/db/client.ts',
          'common-to-either-side: common/access.ts -> machines/shared/list.ts',
        ].sort(),
      );
    });
  });
});
