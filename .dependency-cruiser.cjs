// Import boundaries, checked in CI (`npm run lint:boundaries`, a stage of `npm test`): a backward
// import fails the build. The order is written down in docs/architecture.md ("Boundaries").
//
// TypeScript 7 has no JavaScript API, which dependency-cruiser reads .ts with; Babel's TypeScript
// preset strips the types instead (.dependency-cruiser.babel.cjs), and the files are named by glob
// (package.json) because only named files are read that way.

/**
 * The server's modules, lowest first. A module may import its own files and the modules of lower
 * layers; never a higher layer's, nor another module of its own layer. Below every layer sits the
 * infrastructure (everything in server/src outside modules/, seed/, app.ts and main.ts), which
 * imports no module; app.ts, main.ts and seed/ compose them all.
 */
const SERVER_LAYERS = [
  ['audit'],
  ['notifications'],
  // Senders of what leaves the portal, on the outbox (server/src/outbound/).
  ['system', 'webhooks', 'postbacks', 'mail'],
  // The programme page's questions: registration checks and keeps the answers.
  ['fraud', 'programme'],
  ['auth'],
  ['ledger'],
  // The rollups: the click writer (tracking) and every sale step feed them.
  ['metrics'],
  ['tracking'],
  ['attribution'],
  // A sale step writes ledger, rollups, audit and outbox together, so it sits above them all.
  ['sales'],
  // A checkout's events become sale steps.
  ['integrations'],
  ['affiliates', 'campaigns', 'contact', 'coupons', 'levels', 'networks', 'subscriptions'],
  // Creatives fill their texts with the reader's link (tracking) and coupon.
  ['account', 'users', 'creatives'],
];

const MODULES = 'server/src/modules';
const either = (names) => `(${names.join('|')})`;
const NOT_TESTS = ['\\.test\\.tsx?$', '^server/test/', '^web/src/test/'];

const layerRules = SERVER_LAYERS.map((layer, index) => {
  const sameOrHigher = SERVER_LAYERS.slice(index).flat();
  return {
    name: `server-layer-${index + 1}`,
    comment:
      `${layer.join(', ')} may import only lower layers (${SERVER_LAYERS.slice(0, index).flat().join(', ') || 'none'}) ` +
      'and themselves: see SERVER_LAYERS in .dependency-cruiser.cjs and docs/architecture.md.',
    severity: 'error',
    from: { path: `^${MODULES}/${either(layer)}/`, pathNot: NOT_TESTS },
    to: { path: `^${MODULES}/${either(sameOrHigher)}/`, pathNot: `^${MODULES}/$1/` },
  };
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle has no lower end: one of its imports runs backward.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-imports-nothing-of-ours',
      comment: 'contract/ is the lowest layer, shared by server and web: it imports neither.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { path: '^(server|web|e2e|bench|scripts)/' },
    },
    {
      name: 'server-and-web-apart',
      comment: 'The server and the web app share only contract/.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^web/' },
    },
    {
      name: 'web-and-server-apart',
      comment: 'The server and the web app share only contract/.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-infrastructure-imports-no-module',
      comment:
        'config, db, plugins, outbound, jobs, mail and the files beside them sit below every module; ' +
        'only app.ts, main.ts and seed/ compose modules.',
      severity: 'error',
      from: {
        path: '^server/src/',
        pathNot: [`^${MODULES}/`, '^server/src/seed/', '^server/src/(app|main)\\.ts$', ...NOT_TESTS],
      },
      to: { path: `^${MODULES}/` },
    },
    ...layerRules,
    {
      name: 'web-lib-below-features',
      comment: 'contract -> web/lib -> web/features -> web/app: lib knows no feature, screen or layout.',
      severity: 'error',
      from: { path: '^web/src/lib/', pathNot: NOT_TESTS },
      to: { path: '^web/src/(features|app|layouts|components)/' },
    },
    {
      name: 'web-components-know-no-domain',
      comment: 'Shared UI (components/) knows no feature and no screen.',
      severity: 'error',
      from: { path: '^web/src/components/' },
      to: { path: '^web/src/(features|app|layouts)/' },
    },
    {
      name: 'web-feature-imports-no-other-feature',
      comment: 'A feature never imports another feature; the route module (web/src/app) composes them.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/', pathNot: NOT_TESTS },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-features-below-app',
      comment:
        'A feature knows no screen or layout: web/app imports features, never the other way. The one ' +
        'registry of URLs (app/paths.ts, STYLE.md "One place for each fact") is read by every layer.',
      severity: 'error',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/(app|layouts)/', pathNot: '^web/src/app/paths\\.ts$' },
    },
    {
      name: 'no-orphans',
      comment: 'A module nothing imports and that imports nothing is dead code (entry points excepted).',
      severity: 'error',
      from: {
        orphan: true,
        pathNot: ['\\.d\\.ts$', '\\.test\\.tsx?$', '^server/src/main\\.ts$', '^web/src/(main\\.tsx|boot\\.ts)$'],
      },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '^server/src/db/migrations/'] },
    tsConfig: { fileName: 'tsconfig.json' },
    babelConfig: { fileName: '.dependency-cruiser.babel.cjs' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
