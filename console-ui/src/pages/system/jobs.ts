/**
 * Scheduled jobs as people read them: each job the services register has a name and a one-line purpose in
 * the catalogs (`system.jobs.names.*`, `system.jobs.about.*`); a job's problem is the server's words in the
 * page's language, or the catalog's words for its code. Jobs whose schedule comes from a settings page link
 * there.
 */
import { hasMessage, translate } from '@shared/i18n/index.js';
import type { JobSchedule } from './types.js';

/** Job id (as registered with the scheduler) → catalog key and the settings page that holds its schedule. */
const KNOWN_JOBS: Record<string, { key: string; settings?: string }> = {
  'SitePluginAuth:clean-auth': { key: 'cleanAuth', settings: '/plugin-auth/settings' },
  'SitePluginAuth:expire-codes': { key: 'expireCodes' },
  'Payment:close-expired': { key: 'closeExpired', settings: '/payment/settings' },
  'Payment:sync-status': { key: 'syncStatus', settings: '/payment/settings' },
  'Payment:callback-log-retention': { key: 'callbackLogRetention', settings: '/payment/settings' },
  'host:outbox-retention': { key: 'outboxRetention', settings: '/system/settings?group=outbox' },
};

/** The job's name in words; a job the catalogs do not know yet keeps its id. */
export function jobName(id: string | undefined): string {
  const known = id ? KNOWN_JOBS[id] : undefined;
  return known ? translate(`system.jobs.names.${known.key}`) : (id ?? '');
}

export function jobAbout(id: string | undefined): string {
  const known = id ? KNOWN_JOBS[id] : undefined;
  return known ? translate(`system.jobs.about.${known.key}`) : '';
}

export function jobSettingsPath(id: string | undefined): string | undefined {
  return id ? KNOWN_JOBS[id]?.settings : undefined;
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
