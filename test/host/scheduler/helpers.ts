import { pino } from 'pino';
import type { ExtensionClient } from '../../../src/host/client/extension-client.js';
import { Scheduler } from '../../../src/host/scheduler/scheduler.js';
import type { JobRun } from '../../../src/host/scheduler/types.js';
import { eq } from '../../../src/host/store/query.js';

export const silent = pino({ level: 'silent' });

/** Polls until check passes (no timing assertions: only "eventually"). */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not reached in time');
}

export async function runsOf(client: ExtensionClient, job: string): Promise<JobRun[]> {
  const page = await client.list<JobRun>('JobRun', { where: eq('spec.job', job), sort: [{ field: 'spec.slot', direction: 'asc' }] });
  return page.items;
}

export function newScheduler(client: ExtensionClient, holder = 'test-process'): Scheduler {
  return new Scheduler({ client, logger: silent, holder, stopGraceMs: 2000 });
}
