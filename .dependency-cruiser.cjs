// The layering of the companion, checked by dependency-cruiser in `npm test`
// (test/layering.test.ts). Paths are relative to the repository root.
//
// - shared/ holds leaf modules every layer may use (the language list, mulberry32, the image
//   sniffer): they import nothing of the project.
// - device/rules is pure Red7: it imports nothing of the project outside itself.
// - device/referee builds on the rules only (and shared/: the language list). Its views and command types are what the web's
//   protocol re-exports, so the dependency runs web → referee, never the other way.
// - device/hardware, vision and web are three edges of the house that never import each other;
//   each may use the rules' card notation and shared/. Hardware only emits key events: it knows no referee.
// - The dashboard (web/client) reaches the rest only through web/protocol.ts, the pure rules and
//   shared/.
// - No import cycles anywhere.
//
// .dependency-cruiser-known-violations.json (skipped with --ignore-known) is empty: a violation
// fails the test; list one there only while the move that removes it is under way.
const PROJECT = '^(shared|device|vision|web|bin|bench|scripts|test)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: split the shared part into a module both can import.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-imports-nothing',
      severity: 'error',
      comment: 'shared/ is a leaf every layer may import: it imports nothing of the project outside itself.',
      from: { path: '^shared/' },
      to: { path: PROJECT, pathNot: '^shared/' },
    },
    {
      name: 'rules-import-nothing',
      severity: 'error',
      comment: 'device/rules is pure Red7 and imports nothing of the project outside itself.',
      from: { path: '^device/rules/' },
      to: { path: PROJECT, pathNot: '^device/rules/' },
    },
    {
      name: 'referee-only-rules',
      severity: 'error',
      comment: 'device/referee imports only the rules, shared/ and its own folder.',
      from: { path: '^device/referee/' },
      to: { path: PROJECT, pathNot: '^(device/(referee|rules)|shared)/' },
    },
    {
      name: 'hardware-not-vision-web',
      severity: 'error',
      comment: 'device/hardware never imports vision or web.',
      from: { path: '^device/hardware/' },
      to: { path: '^(vision|web)/' },
    },
    {
      name: 'hardware-knows-no-referee',
      severity: 'error',
      comment: 'device/hardware only emits key events: it imports no referee, wiring or commands.',
      from: { path: '^device/hardware/' },
      to: { path: '^device/(referee|wiring|commands|demo|main|cli)' },
    },
    {
      name: 'vision-not-hardware-web',
      severity: 'error',
      comment: 'vision never imports device/hardware or web; of device it uses only the rules.',
      from: { path: '^vision/' },
      to: { path: '^(web|device)/', pathNot: '^device/rules/' },
    },
    {
      name: 'web-not-hardware-vision',
      severity: 'error',
      comment: 'web never imports device/hardware or vision.',
      from: { path: '^web/' },
      to: { path: '^(vision|device/hardware)/' },
    },
    {
      name: 'client-through-protocol',
      severity: 'error',
      comment: 'The dashboard imports protocol types only through web/protocol.ts (and the pure rules and shared/).',
      from: { path: '^web/client/' },
      to: { path: PROJECT, pathNot: '^(web/client/|web/protocol\\.ts$|device/rules/|shared/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // The sources import each other with .ts extensions; swc reads TypeScript (type-only imports
    // included) where dependency-cruiser does not yet support the installed TypeScript compiler.
    parser: 'swc',
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.json'] },
  },
};
