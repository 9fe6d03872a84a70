import { jest } from '@jest/globals';

/**
 * In CI (CI=true) a failed test runs once more, with its first failure printed. The suite drives real
 * browsers, server processes, PostgreSQL and SMTP on a shared 2-core machine, where a click or a wait can
 * lose a race with the scheduler; a second failure still fails the run, and the log keeps the first one
 * so a flaky test is seen and fixed, not hidden.
 */
if (process.env.CI === 'true') jest.retryTimes(1, { logErrorsBeforeRetry: true });
