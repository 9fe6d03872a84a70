/**
 * Scheduled jobs as people read them: each job registers its title and a one-line description in both
 * languages with the scheduler (listScheduledJobs answers them); a job's problem is the server's words in the
 * page's language, or the catalog's words for its code. Jobs whose schedule comes from a settings page link
 * there.
 */
import { hasMessage, translate } from '@shared/i18n/index.js';
import type { JobSchedule } from './types.js';

/** Job id (as registered with the scheduler) → the settings page that holds its schedule. */
const SETTINGS_OF_JOB: Record<string, string> = {
  'SitePluginAuth:clean-auth': '/plugin-auth/settings',
  'Payment:close-expired': '/payment/settings',
  'Payment:sync-status': '/payment/settings',
  'Payment:sync-refunds': '/payment/settings',
  'Payment:callback-log-retention': '/payment/settings',
  'Payment:auto-settlement': '/merchant-settings',
  'host:outbox-retention': '/system/settings?group=outbox',
};

type JobTexts = Pick<JobSchedule, 'title' | 'description'>;
const inLanguage = (text: { zh?: string; en?: string } | undefined, language: string) => (language === 'en' ? text?.en : text?.zh);

/** The job's title in the page's language; a job registered without one keeps its id. */
export function jobTitle(job: JobTexts | undefined, id: string | undefined, language: string): string {
  return inLanguage(job?.title, language) || (id ?? '');
}

/** What one run of the job does, in the page's language ('' when the job does not say). */
export function jobDescription(job: JobTexts | undefined, language: string): string {
  return inLanguage(job?.description, language) ?? '';
}

export function jobSettingsPath(id: string | undefined): string | undefined {
  return id ? SETTINGS_OF_JOB[id] : undefined;
}

/** Why the job cannot be scheduled, in the page's language. */
export function jobProblem(job: JobSchedule, language: string): string {
  const words = language === 'en' ? job.problemText?.en : job.problemText?.zh;
  if (words) return words;
  const key = `system.jobs.problem.${job.problemCode ?? 'UNREADABLE'}`;
  return hasMessage(key) ? translate(key, { cron: job.cron ?? '', timeZone: job.timeZone ?? '' }) : (job.problem ?? '');
}

/** `{expired: 12, failed: 0}` → "expired 12 · failed 0", the counters named by the catalogs where known. */
export function countsText(counts: Record<string, number> | undefined): string {
  const entries = Object.entries(counts ?? {});
  if (!entries.length) return '-';
  return entries
    .map(([what, n]) => {
      const key = `system.jobs.countWords.${what}`;
      return translate('system.jobs.countItem', { what: hasMessage(key) ? translate(key) : what, n });
    })
    .join(' · ');
}

/** "350 ms", "12 s". */
export function durationText(ms: number | undefined): string {
  if (ms === undefined) return '-';
  return ms < 1000 ? translate('system.jobs.durationMs', { n: ms }) : translate('system.jobs.durationS', { n: Math.round(ms / 100) / 10 });
}
