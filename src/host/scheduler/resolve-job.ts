import type { CronTime } from 'cron';
import type { AppError } from '../errors/app-error.js';
import { isTimeZone } from '../schema/text-formats.js';
import { parseCron } from './cron-slots.js';
import type { Dynamic, JobDefinition, ScheduleProblemCode } from './types.js';

/** A job's schedule as read at one moment (cron and switch may come from settings). */
export interface ResolvedSchedule {
  cron: string;
  timeZone: string;
  enabled: boolean;
  /** Parsed expression; absent when disabled or when the expression is invalid. */
  cronTime?: CronTime;
  /** Why the job cannot be scheduled (a bad expression from settings), if so. */
  problem?: string;
  problemCode?: ScheduleProblemCode;
  /** The problem in words for people, zh-CN and English. */
  problemText?: { zh: string; en: string };
}

/** Words for a schedule problem: what is wrong and what to do, in both languages. */
export function scheduleProblemText(code: ScheduleProblemCode, schedule: { cron: string; timeZone: string }): { zh: string; en: string } {
  switch (code) {
    case 'UNKNOWN_TIME_ZONE':
      return {
        zh: `无法识别时区“${schedule.timeZone}”，任务不会运行：请在设置中改为 IANA 时区名称，如 Asia/Shanghai`,
        en: `unknown time zone "${schedule.timeZone}", so the job does not run: set an IANA time zone name such as Asia/Shanghai`,
      };
    case 'INVALID_CRON':
      return {
        zh: `cron 表达式“${schedule.cron}”无效，任务不会运行：请在设置中改为有效的表达式，如 0 */5 * * * *`,
        en: `invalid cron expression "${schedule.cron}", so the job does not run: set a valid one such as 0 */5 * * * *`,
      };
    case 'UNREADABLE':
      return {
        zh: '无法读取该任务的计划（设置读取失败），任务不会运行：请检查服务日志',
        en: 'the schedule could not be read (reading the settings failed), so the job does not run: check the server log',
      };
  }
}

export async function resolveSchedule(job: JobDefinition): Promise<ResolvedSchedule> {
  const cron = String((await read(job.cron)) ?? '').trim();
  const timeZone = (await read(job.timeZone)) || 'UTC';
  const enabled = job.enabled ? Boolean(await job.enabled()) : true;
  if (!enabled) return { cron, timeZone, enabled };
  if (!isTimeZone(timeZone)) {
    const problemText = scheduleProblemText('UNKNOWN_TIME_ZONE', { cron, timeZone });
    return { cron, timeZone, enabled, problem: `unknown time zone "${timeZone}"`, problemCode: 'UNKNOWN_TIME_ZONE', problemText };
  }
  try {
    return { cron, timeZone, enabled, cronTime: parseCron(cron, timeZone) };
  } catch (err) {
    const reason = (err as AppError).details?.[0]?.messageEn ?? (err as Error).message;
    const problem = `invalid cron expression "${cron}": ${reason}`;
    return {
      cron,
      timeZone,
      enabled,
      problem,
      problemCode: 'INVALID_CRON',
      problemText: scheduleProblemText('INVALID_CRON', { cron, timeZone }),
    };
  }
}

export function sameSchedule(a: ResolvedSchedule | undefined, b: ResolvedSchedule): boolean {
  return !!a && a.cron === b.cron && a.timeZone === b.timeZone && a.enabled === b.enabled;
}

async function read<T>(value: Dynamic<T> | undefined): Promise<T | undefined> {
  return typeof value === 'function' ? await (value as () => T | Promise<T>)() : value;
}
