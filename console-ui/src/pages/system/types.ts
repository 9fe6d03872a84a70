/** The shapes the system pages read, from the server's generated API types (ui-shared/api/schema.d.ts). */
import type { ApiData, ApiItem } from '@shared/api/client.js';

export type RoleView = ApiData<'listRoles'>[number];
export type UserRow = ApiItem<'listUsers'>;
export type OutboxRow = ApiItem<'listOutbox'>;
export type OutboxPhase = NonNullable<NonNullable<OutboxRow['status']>['phase']>;
export type JobSchedule = ApiData<'listScheduledJobs'>[number];
export type JobRunRow = ApiItem<'listJobRuns'>;
export type JobOutcome = NonNullable<NonNullable<JobRunRow['status']>['outcome']>;

export const OUTBOX_PHASES: OutboxPhase[] = ['WAITING_CONFIG', 'PENDING', 'FAILED', 'SENT'];
export const CHANNELS = ['EMAIL', 'INBOX'] as const;
export const JOB_OUTCOMES: JobOutcome[] = ['RUNNING', 'SUCCEEDED', 'FAILED', 'TIMED_OUT', 'SKIPPED'];

/** The host's own Setting (src/host/settings/host-settings.yaml). */
export const HOST_SETTINGS = 'host-settings';
/** Where the SMTP settings are: the system settings page opened on its SMTP tab. */
export const SMTP_SETTINGS_LINK = { path: '/system/settings', query: { group: 'smtp' } };
