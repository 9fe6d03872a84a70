// ESLint for the whole repository: `npm run lint` (with Prettier and dependency-cruiser), `npm run lint:fix`.
// Syntax-only rules (no type-aware presets), so a full run stays fast on a small machine. Layout is Prettier's
// job: eslint-config-prettier switches off the rules that would fight it, and only the 140-column limit is
// checked here too, because Prettier cannot break comments, strings or template literals.
import './scripts/lint/typescript-for-eslint.cjs'; // must stay the first import: see the file
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import stylistic from '@stylistic/eslint-plugin';
import prettier from 'eslint-config-prettier';
import pluginVue from 'eslint-plugin-vue';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const MAX_LEN = { code: 140, tabWidth: 2, ignoreUrls: true, ignoreRegExpLiterals: true };

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
