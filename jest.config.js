/** Jest runs in native ESM mode; @swc/jest strips types without type-checking (npm run typecheck does that). */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } }],
  },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testTimeout: 30000,
  reporters: ['default', '<rootDir>/test/support/slowest-files-reporter.cjs'],
  setupFilesAfterEnv: ['<rootDir>/test/support/ci-retry.ts'],
  maxWorkers: 2,
  // In ESM mode every test file's module graph stays on the worker's heap (about 15 MB a file, never collected),
  // so a worker that ran half the suite ends with gigabytes: each garbage collection walks all of it, and at the
  // end freeing that heap outlasts the 500 ms Jest gives a worker to exit ("A worker process has failed to exit
  // gracefully"; no handle was open). A worker past this much heap after a file is replaced by a fresh one.
  workerIdleMemoryLimit: '512MB',
};
