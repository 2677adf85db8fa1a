/**
 * npm run paths -- <machine>                        the shortest way to every state
 * npm run paths -- <machine> --from <state> --to <state>   every simple path between two states
 * npm run paths -- --list                            the machines by name
 *
 * Model-based test paths, read from the machine's own graph (xstate/graph) with
 * the catalogue's sample events and call answers: numbered steps a tester can
 * follow by hand or map to UI actions, each with the transitions it takes and
 * the guards that chose them. States are named with dots: twoFactor.email.
 */
import { pathToFileURL } from 'node:url';
import { catalogue, findMachine } from '../machines/catalogue';
import { describeGuard, formatPath, initialSteps, shortestPaths, simplePaths, startsOf } from '../tests/machines/walk';

export function pathsReport(args: string[]): string {
  const lines: string[] = [];
  if (args.includes('--list') || args.length === 0) {
    lines.push('Machines (npm run paths -- <machine>):');
    for (const e of catalogue) lines.push(`  ${e.id.padEnd(22)} ${e.description}`);
    return lines.join('\n');
  }
  const value = (flag: string) => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const name = args.find((a, i) => !a.startsWith('--') && !['--from', '--to'].includes(args[i - 1] ?? ''));
  if (!name) throw new Error('name a machine: npm run paths -- <machine> (npm run paths -- --list)');
  const entry = findMachine(name);
  const from = value('--from');
  const to = value('--to');
  lines.push(`${entry.id}: ${entry.description}`);
  for (const start of startsOf(entry)) {
    const settles = initialSteps(entry, start);
    if (settles.length) lines.push(`  Starting with ${start.label}: ${settles.map((t) => `${t.from} → ${t.to ?? t.from}${describeGuard(t)}`).join(', ')}`);
  }
  lines.push('');
  if (from || to) {
    if (!from || !to) throw new Error('--from and --to go together');
    const { lead, paths } = simplePaths(entry, from, to);
    if (!lead) {
      lines.push(`No start reaches ${from}.`);
      return lines.join('\n');
    }
    lines.push(`To reach ${from} first (from ${lead.start}):`);
    lines.push(...formatPath(lead, '  '));
    lines.push('');
    if (!paths.length) lines.push(`No path leads from ${from} to ${to}.`);
    paths.forEach((p, i) => {
      lines.push(`Path ${i + 1} of ${paths.length}: ${from} → ${p.target} (${p.steps.length} step${p.steps.length === 1 ? '' : 's'})`);
      lines.push(...formatPath(p, '  '));
      lines.push('');
    });
    return lines.join('\n').trimEnd();
  }
  const paths = shortestPaths(entry);
  paths.forEach((p, i) => {
    lines.push(`${i + 1}. To ${p.target} (from ${p.start}, ${p.steps.length} step${p.steps.length === 1 ? '' : 's'}):`);
    lines.push(...formatPath(p, '   '));
    lines.push('');
  });
  return lines.join('\n').trimEnd();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    console.log(pathsReport(process.argv.slice(2)));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
