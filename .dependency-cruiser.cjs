/**
 * Import boundaries, checked by `npm run lint` (part of `npm test`) with dependency-cruiser.
 * docs/architecture.md ("Boundaries") explains them for people; this file is the rule.
 *
 * A product area is a folder that holds one part of the product (its routes, data, machine or screens).
 * Areas do not import each other in any layer: what two areas need goes to a shared place (common/,
 * src/components, src/lib, machines/shared, a server platform folder). Every folder of src/features,
 * machines and server is a product area unless it is listed below as shared, so a new folder is held to
 * the rules from its first file. Tests and scripts are not checked: they may import anything.
 */

/**
 * Server folders that any area may use. Each is infrastructure or a service every area builds on, and
 * none of them may import an area (only the composition roots do: app.ts, start.ts, main.ts).
 * - db             the driver, migrations, the organisation-bound handle, seed
 * - http           route declaration, validation, errors, replies, OpenAPI
 * - security       response headers
 * - mail           the mailer
 * - realtime       the event bus and sockets every area publishes through
 * - jobs           the durable job queue every area enqueues background work on
 * - auth           sign-in and the session every request is checked against (http authenticates with
 *                  it), passwords, one-time links, account e-mails
 * - organisations  the tenant itself: creating one, its plan, limits and flags, read by every session
 * - audit          the audit trail every area writes to (its history page's routes are registered by
 *                  app.ts only, like any other routes)
 * - notifications  notify(): how any area tells a user about something
 * - case-store     storing screened cases: credits, references, hits and history events, shared by
 *                  Create New Case, ongoing monitoring, bulk search and (next) transaction monitoring
 * - screening      the screening engine (lists, index, scoring) used by case creation, monitoring and
 *                  bulk search; it has no routes of its own
 * - reference      reference data shared by areas (countries, search profiles, risk engines)
 * - uploads        reading an uploaded spreadsheet (CSV or Excel) row by row, shared by bulk search and
 *                  custom lists
 * - outbound       safeFetch: outbound requests to addresses users type, refused for private, loopback,
 *                  link-local and metadata targets after DNS and every redirect (web hooks now, custom
 *                  sources' feed fetching next)
 * - webhooks       every area emits its events through emitWebhookEvent(); the delivery jobs, signing and
 *                  the delivery log (its routes are registered by app.ts only, like audit's)
 * - media-corpus   the article store of Media Watcher: ingest (classify and index), full-text search, the
 *                  shared corpus loader, media credits and name mentions, used by media, custom sources and cases
 * - tm-engine      the transaction-monitoring rule engine (in-memory transfer state, rule compiler, evaluator,
 *                  network patterns, default rules, AMLSim mapping): pure logic with no routes or database,
 *                  used by transaction ingest, backtests and alerts
 * Root files config.ts, deps.ts, i18n.ts and logging.ts are platform too.
 * Every other server folder (cases, feedback, settings, users, roles,
 * permissions, and each new product area) is a product area.
 */
const SERVER_PLATFORM = '(db|http|security|mail|realtime|jobs|auth|organisations|audit|notifications|case-store|screening|reference|uploads|outbound|webhooks|media-corpus|tm-engine)';

/**
 * Machine folders that are not product areas: shared/ (list, dialog, the API failure type) and forms/
 * (generic form machines built on the shared schemas, used by the screens of several areas). Files at
 * the root of machines/ (the catalogue that tools use to find every machine) belong to no area.
 */
const MACHINES_SHARED = '(shared|forms)';

/**
 * The page registry: the router's public pages (Router.tsx) and the signed-in pages (pages.tsx). The rest
 * of the shell reaches no feature, and the registry loads only page modules, lazily, so each page stays a
 * chunk of its own (docs/architecture.md, "What the browser loads first").
 */
const PAGE_REGISTRY = '^src/app/(Router|pages)\\.tsx$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-to-other-feature',
      comment: 'A product area of the views imports another one. Move what both need to src/components or src/lib.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'machine-to-other-machine-area',
      comment: 'A machine imports another area\'s machines. Move what both need to machines/shared.',
      severity: 'error',
      from: { path: '^machines/([^/]+)/' },
      to: { path: '^machines/[^/]+/', pathNot: ['^machines/$1/', `^machines/${MACHINES_SHARED}/`] },
    },
    {
      name: 'server-area-to-other-area',
      comment: 'A server product area imports another one. Move what both need to a platform folder or common/.',
      severity: 'error',
      from: { path: '^server/([^/]+)/', pathNot: `^server/${SERVER_PLATFORM}/` },
      to: { path: '^server/[^/]+/', pathNot: ['^server/$1/', `^server/${SERVER_PLATFORM}/`] },
    },
    {
      name: 'server-platform-to-area',
      comment: 'A server platform module imports a product area. Platform code must not depend on the areas built on it.',
      severity: 'error',
      from: { path: [`^server/${SERVER_PLATFORM}/`, '^server/(config|deps|i18n|logging)\\.ts$'] },
      to: { path: '^server/[^/]+/', pathNot: `^server/${SERVER_PLATFORM}/` },
    },
    {
      name: 'machine-to-view',
      comment: 'Machines hold behaviour and know nothing of the React views; views supply effects with .provide().',
      severity: 'error',
      from: { path: '^machines/' },
      to: { path: '^src/' },
    },
    {
      name: 'server-to-browser',
      comment: 'The server does not import browser code (views or machines); shared rules live in common/.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(src|machines)/' },
    },
    {
      name: 'browser-to-server',
      comment: 'Browser code does not import the server; what both sides need lives in common/.',
      severity: 'error',
      from: { path: '^(src|machines)/' },
      to: { path: '^server/' },
    },
    {
      name: 'common-to-either-side',
      comment: 'common/ is shared by browser and server and imports neither.',
      severity: 'error',
      from: { path: '^common/' },
      to: { path: '^(server|src|machines)/' },
    },
    {
      name: 'shell-to-feature',
      comment: 'The app shell reaches product areas only through the page registry (src/app/Router.tsx, src/app/pages.tsx).',
      severity: 'error',
      from: { path: '^src/app/', pathNot: PAGE_REGISTRY },
      to: { path: '^src/features/' },
    },
    {
      name: 'registry-to-non-page',
      comment: 'The page registry loads page modules (*Page.tsx) only.',
      severity: 'error',
      from: { path: PAGE_REGISTRY },
      to: { path: '^src/features/', pathNot: '^src/features/[^/]+/[A-Za-z]+Page\\.tsx$' },
    },
    {
      name: 'registry-static-page-import',
      comment: 'The page registry loads pages with import() so that each stays out of the first download.',
      severity: 'error',
      from: { path: PAGE_REGISTRY },
      to: { path: '^src/features/', dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'shared-view-code-to-app-or-feature',
      comment: 'src/components and src/lib are shared by every area and the shell, so they import neither.',
      severity: 'error',
      from: { path: '^src/(components|lib)/' },
      to: { path: '^src/(app|features)/' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that cannot be resolved would hide its edge from every rule above (a new path alias must go into tsconfig.json).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    // A type-only import couples two areas as much as any other.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
