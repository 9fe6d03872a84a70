/**
 * typescript-eslint parses with the TypeScript compiler's JavaScript API (`require('typescript')`, TypeScript
 * >=4.8.4 <6.1). TypeScript 7, the native compiler this project type-checks with, has no such API, so the
 * parser stops with "typescript-eslint does not support TS 7.0".
 *
 * So TypeScript 6 is installed a second time, nested inside the local package ./typescript-6 (package.json:
 * `typescript-6-for-eslint`): nested, its `tsc` does not replace TypeScript 7's in node_modules/.bin, which a
 * top-level alias such as `npm:typescript@6` would. An override in package.json lets typescript-eslint's peer
 * dependency accept the project's TypeScript 7, and this hook, the first import of eslint.config.js, answers
 * every `require('typescript')` in the ESLint process with TypeScript 6. Other processes (tsc, jest,
 * dependency-cruiser) are not affected.
 */
const Module = require('node:module');

const typescript6 = Module.createRequire(require.resolve('typescript-6-for-eslint/package.json')).resolve('typescript');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveTypescriptForEslint(request, ...rest) {
  return request === 'typescript' ? typescript6 : resolveFilename.call(this, request, ...rest);
};
