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
}

export async function resolveSchedule(job: JobDefinition): Promise<ResolvedSchedule> {
  const cron = String((await read(job.cron)) ?? '').trim();
  const timeZone = (await read(job.timeZone)) || 'UTC';
  const enabled = job.enabled ? Boolean(await job.enabled()) : true;
  if (!enabled) return { cron, timeZone, enabled };
  if (!isTimeZone(timeZone)) {
    return { cron, timeZone, enabled, problem: `unknown time zone "${timeZone}"`, problemCode: 'UNKNOWN_TIME_ZONE' };
  }
  try {
    return { cron, timeZone, enabled, cronTime: parseCron(cron, timeZone) };
  } catch (err) {
    const reason = (err as AppError).details?.[0]?.message ?? (err as Error).message;
    return { cron, timeZone, enabled, problem: `invalid cron expression "${cron}": ${reason}`, problemCode: 'INVALID_CRON' };
  }
}

export function sameSchedule(a: ResolvedSchedule | undefined, b: ResolvedSchedule): boolean {
  return !!a && a.cron === b.cron && a.timeZone === b.timeZone && a.enabled === b.enabled;
}

async function read<T>(value: Dynamic<T> | undefined): Promise<T | undefined> {
  return typeof value === 'function' ? await (value as () => T | Promise<T>)() : value;
}
