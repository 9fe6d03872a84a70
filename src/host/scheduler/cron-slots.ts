import { CronTime } from 'cron';
import { ValidationError } from '../errors/app-error.js';

/** Parses a cron expression in a time zone; a bad expression or zone is a ValidationError. */
export function parseCron(expression: string, timeZone: string): CronTime {
  try {
    return new CronTime(expression, timeZone);
  } catch (err) {
    throw new ValidationError(
      `cron 表达式无效：${expression}（${timeZone}）`,
      [{ field: 'cron', message: `cron 表达式无效：${(err as Error).message}`, messageEn: (err as Error).message }],
      `invalid cron expression ${expression} (${timeZone})`,
    );
  }
}

/** The first slot strictly after `afterMs`. */
export function nextSlotAfter(cron: CronTime, afterMs: number): number {
  return cron.getNextDateFrom(new Date(afterMs), cron.timeZone ?? 'UTC').toMillis();
}

const MAX_STEPS = 100_000;

/**
 * The latest slot s with afterMs < s <= nowMs, or undefined when there is none. The search window grows
 * backwards from now by doubling, so a per-second job after hours of downtime costs a few steps, not one
 * step per missed slot.
 */
export function latestSlotBetween(cron: CronTime, afterMs: number, nowMs: number): number | undefined {
  if (nowMs <= afterMs) return undefined;
  for (let window = 1000; ; window *= 2) {
    const from = Math.max(afterMs, nowMs - window);
    let slot = nextSlotAfter(cron, from);
    if (slot <= nowMs) {
      for (let steps = 0; steps < MAX_STEPS; steps++) {
        const next = nextSlotAfter(cron, slot);
        if (next > nowMs) break;
        slot = next;
      }
      return slot;
    }
    if (from === afterMs) return undefined;
  }
}
