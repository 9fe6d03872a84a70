/**
 * The arrows allowed between the rooms of src/ (docs/architecture.md). `npx depcruise src` fails on any
 * violation; .ci/run runs it before the tests.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'Files must not import each other, directly or through others (type imports included).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      comment: 'Folders must not import each other either: a family depends on the ones below it, never back.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'services-use-the-sdk',
      comment: 'A service reaches the host only through src/host/sdk (and the PluginContext at run time).',
      severity: 'error',
      from: { path: '^src/(plugin-auth|payment)/' },
      to: { path: '^src/host/', pathNot: '^src/host/sdk/' },
    },
    {
      name: 'services-do-not-import-each-other',
      comment: 'The two services meet through resources and the public API, never through imports.',
      severity: 'error',
      from: { path: '^src/(plugin-auth|payment)/' },
      to: { path: '^src/(plugin-auth|payment)/', pathNot: '^src/$1/' },
    },
    {
      name: 'host-knows-no-service',
      comment: 'The platform knows nothing of the plugins it runs.',
      severity: 'error',
      from: { path: '^src/host/' },
      to: { path: '^src/(plugin-auth|payment)/' },
    },
    {
      name: 'src-does-not-import-tests-or-benches',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|bench)/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(console-ui|uc-ui)/' },
    // `npm run graph` (docs/architecture-deps.svg): top to bottom from the entry points through the services to
    // the SDK and the host behind it; one colour per room, the SDK and the arrows into it stand out.
    reporterOptions: {
      dot: {
        theme: {
          graph: { rankdir: 'TB', concentrate: 'true', newrank: 'true', nodesep: '0.25', ranksep: '0.5', fontsize: '12' },
          node: { fontsize: '10' },
          edge: { color: '#00000055', penwidth: '1.2' },
          modules: [
            { criteria: { source: '^src/host/sdk' }, attributes: { fillcolor: '#9be3b0', penwidth: '2', fontsize: '12' } },
            { criteria: { source: '^src/host/' }, attributes: { fillcolor: '#e8e8e8' } },
            { criteria: { source: '^src/payment/' }, attributes: { fillcolor: '#ffdcb8' } },
            { criteria: { source: '^src/plugin-auth/' }, attributes: { fillcolor: '#cfe0ff' } },
            { criteria: { source: '^src/[^/]+$' }, attributes: { fillcolor: '#ffffff' } },
          ],
          dependencies: [{ criteria: { resolved: '^src/host/sdk' }, attributes: { color: '#2d8a4e', penwidth: '1.6' } }],
        },
      },
    },
  },
};
