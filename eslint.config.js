// ESLint for the whole repository: `npm run lint` (with Prettier and dependency-cruiser), `npm run lint:fix`.
// Syntax rules everywhere; on the TypeScript of the two programs (tsconfig.json: src, test, bench;
// tsconfig.ui.json: the apps and their .vue files) also a few type-aware rules that catch promises nobody
// awaits (docs/tooling.md). Layout is Prettier's job: eslint-config-prettier switches off the rules that would
// fight it, and only the 140-column limit is checked here too, because Prettier cannot break comments, strings
// or template literals.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import stylistic from '@stylistic/eslint-plugin';
import prettier from 'eslint-config-prettier';
import pluginVue from 'eslint-plugin-vue';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const MAX_LEN = { code: 140, tabWidth: 2, ignoreUrls: true, ignoreRegExpLiterals: true };
const ROOT = import.meta.dirname;

/** Rules that need the type checker: a promise that is dropped, passed where nothing awaits it, or a switch that forgets a case. */
const TYPE_AWARE_RULES = {
  '@typescript-eslint/no-floating-promises': 'error',
  '@typescript-eslint/no-misused-promises': 'error',
  '@typescript-eslint/await-thenable': 'error',
  '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
};

export default defineConfig(
  {
    ignores: ['**/dist/', '**/node_modules/', 'data/', 'coverage/', 'bench/.data/', 'console-ui/.build-lock/', 'ui-shared/api/schema.d.ts'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: globals.node },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'] } },
  },
  {
    files: ['console-ui/**', 'uc-ui/**', 'ui-shared/**'],
    ignores: ['*/vite.config.ts'],
    languageOptions: { globals: globals.browser },
  },
  {
    // The server's program (tsconfig.json), through typescript-eslint's project service.
    files: ['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: ROOT } },
    rules: TYPE_AWARE_RULES,
  },
  {
    // The apps' program (tsconfig.ui.json, which the project service would not find: it looks for tsconfig.json).
    files: ['console-ui/src/**/*.{ts,vue}', 'uc-ui/src/**/*.{ts,vue}', 'ui-shared/**/*.{ts,vue}'],
    languageOptions: { parserOptions: { project: './tsconfig.ui.json', tsconfigRootDir: ROOT } },
    rules: TYPE_AWARE_RULES,
  },
  {
    files: ['test/**'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },
  {
    // Served to the browser as a classic script (templates/payment/page.html).
    files: ['templates/**/*.js'],
    languageOptions: { sourceType: 'script', globals: globals.browser },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    rules: {
      // `_name` marks a parameter or binding kept for its position (callbacks, destructuring).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      eqeqeq: ['error', 'smart'],
      'no-throw-literal': 'error',
    },
  },
  {
    // The server logs through its pino logger (src/host/logging), never the console.
    files: ['src/**'],
    rules: { 'no-console': 'error' },
  },
  prettier,
  {
    plugins: { '@stylistic': stylistic },
    rules: { '@stylistic/max-len': ['error', MAX_LEN] },
  },
  {
    files: ['**/*.vue'],
    rules: { '@stylistic/max-len': 'off', 'vue/max-len': ['error', MAX_LEN] },
  },
);
