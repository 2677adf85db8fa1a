/** Entry point: `npm start` builds the SPA and runs this. */
import { loadConfig } from './config';
import { limitHeapGrowth, startServer } from './start';

limitHeapGrowth();
const config = loadConfig();
const server = await startServer(config);
const { deps } = server;

const lines = [
  '',
  `Open AML back office is running at ${config.publicUrl}`,
  `  database: ${deps.db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/pglite` : 'Postgres (DATABASE_URL)'}`,
  `  e-mail:   ${deps.mailer.describe}`,
];
if (server.seeded) {
  lines.push('', 'Seeded sign-in details (first start only):');
  for (const account of server.seeded) lines.push(`  ${account.email.padEnd(26)} ${account.password.padEnd(18)} ${account.role}, ${account.organisation}`);
} else {
  lines.push(`  sign in as ${config.adminEmail} (password set by ADMIN_PASSWORD on the first start)`);
}
// A person reading a terminal gets the block as it is; a log collector (LOG_FORMAT=json) gets it as one entry.
if (config.logFormat === 'json') deps.log.info(lines.join('\n').trim());
else console.log(lines.join('\n') + '\n');

const shutdown = async (signal: string) => {
  deps.log.info(`${signal} received, shutting down`);
  await server.close().catch((error) => deps.log.error(`shutting down failed: ${(error as Error).stack ?? error}`));
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
