/**
 * The arrows allowed between the rooms of src/ (docs/architecture.md). `npx depcruise src` fails on any
 * violation; .ci/run runs it before the tests.
 */

/** How deep src/ goes today, and then some: a rule below is written once per depth of the folder imported from. */
const DEEPEST_FOLDER = 8;

/**
 * A file importing the files of a folder that contains its own is a parent↔child cycle waiting to happen
 * (the parent's files compose its subfolders: channels/index.ts registers the adapters), and folder-scope
 * `circular` cannot see it: depcruise counts a subfolder as part of its parent. So imports go down or
 * sideways, never up. depcruise matches one capture per rule, hence one rule per depth of the parent.
 */
function noImportUpInto(depth) {
  return {
    name: 'no-parent-child-folder-cycle',
    comment:
      'A file never imports the files of a folder above its own: the parent composes its subfolders, so what '
      + "they share lives in a sibling subfolder (payment/channels/core/, a service's deps/).",
    severity: 'error',
    from: {
      path: `^(src${'/[^/]+'.repeat(depth)})/[^/]+/`,
      // A family reaching its service's top level has a rule of its own, with a name that says so.
      ...(depth === 1 ? { pathNot: '^src/(plugin-auth|payment)/' } : {}),
    },
    to: { path: '^$1/[^/]+$' },
  };
}

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
    ...Array.from({ length: DEEPEST_FOLDER }, (_, depth) => noImportUpInto(depth)),
    {
      name: 'families-do-not-import-the-service-top',
      comment:
        "A service's top-level files (service.ts, its module) compose its families; a family never imports "
        + 'them, nor a new file put beside them: what families share goes in a shared folder (deps/, api/).',
      severity: 'error',
      from: { path: '^src/(plugin-auth|payment)/[^/]+/' },
      to: { path: '^src/$1/[^/]+$' },
    },
    {
      name: 'service-api-imports-nothing-of-the-service',
      comment: "A service's api/ (API groups, schemas, error messages) is what every family shares: it sits at the bottom.",
      severity: 'error',
      from: { path: '^src/(plugin-auth|payment)/api/' },
      to: { path: '^src/$1/', pathNot: '^src/$1/api/' },
    },
    {
      name: 'service-deps-import-only-settings',
      comment: "A service's deps/ (the dependencies object, the lock keys) needs only the types of its settings/.",
      severity: 'error',
      from: { path: '^src/(plugin-auth|payment)/deps/' },
      to: { path: '^src/$1/', pathNot: '^src/$1/(deps|settings)/' },
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
