import type { ExtensionClient } from '../client/extension-client.js';
import { AppError } from '../errors/app-error.js';
import { toTimestamp } from '../resource/time.js';
import { and, eq, type Condition } from '../store/query.js';
import { jobRunName } from './run-names.js';
import { JobRun, type JobOutcome, type JobRunStatus, type JobRunSummary } from './types.js';

const MESSAGE_LIMIT = 4096;

/** Reads and writes JobRun resources: the claim on a slot, the outcome, history and retention. */
export class JobRunRecords {
  constructor(
    private readonly client: ExtensionClient,
    private readonly now: () => number,
  ) {}

  /** Creates the run's record in RUNNING; undefined when another process already has this slot. */
  async claim(job: string, slotMs: number, options: { catchUp: boolean; holder: string }): Promise<JobRun | undefined> {
    const status: JobRunStatus = { outcome: 'RUNNING', startTime: toTimestamp(this.now()), holder: options.holder };
    return this.createOnce(job, slotMs, options.catchUp, status);
  }

  /** Records a slot that was not run (FORBID: the previous run was still running). */
  async skip(job: string, slotMs: number, message: string, holder: string): Promise<void> {
    const at = toTimestamp(this.now());
    await this.createOnce(job, slotMs, false, { outcome: 'SKIPPED', startTime: at, endTime: at, durationMs: 0, message, holder });
  }

  /** Writes the final outcome of a claimed run. */
  async finish(
    run: JobRun,
    outcome: JobOutcome,
    details: { counts: Record<string, number>; message?: string; startedAt: number },
  ): Promise<void> {
    const end = this.now();
    const status: JobRunStatus = {
      ...run.status!,
      outcome,
      endTime: toTimestamp(end),
      durationMs: Math.max(0, Math.round(end - details.startedAt)),
      counts: details.counts,
    };
    if (details.message) status.message = details.message.slice(0, MESSAGE_LIMIT);
    await this.client.patch(JobRun, run.metadata.name, { status });
  }

  /** The slot of the job's latest record (run or skipped), in ms. */
  async lastSlot(job: string): Promise<number | undefined> {
    const page = await this.client.list(JobRun, {
      where: eq('spec.job', job),
      sort: [{ field: 'spec.slot', direction: 'desc' }],
      page: 1,
      size: 1,
    });
    const slot = page.items[0]?.spec?.slot;
    return slot ? Date.parse(slot) : undefined;
  }

  /** The job's latest record (run or skipped slot), as the job list shows it. */
  async lastRun(job: string): Promise<JobRunSummary | undefined> {
    const page = await this.client.list(JobRun, {
      where: eq('spec.job', job),
      sort: [{ field: 'spec.slot', direction: 'desc' }],
      page: 1,
      size: 1,
      countTotal: false,
    });
    const run = page.items[0];
    if (!run?.spec || !run.status) return undefined;
    const { outcome, startTime, endTime, durationMs, message } = run.status;
    const summary: JobRunSummary = { name: run.metadata.name, slot: run.spec.slot, outcome, startTime, endTime, durationMs, message };
    if (run.spec.catchUp) summary.catchUp = true;
    return JSON.parse(JSON.stringify(summary)) as JobRunSummary;
  }

  /** Deletes the oldest records of a job beyond `keep`. */
  async trim(job: string, keep: number): Promise<number> {
    const where = eq('spec.job', job);
    const excess = (await this.client.count(JobRun, where)) - keep;
    if (excess <= 0) return 0;
    const oldest = await this.client.list(JobRun, {
      where,
      sort: [{ field: 'spec.slot', direction: 'asc' }],
      page: 1,
      size: excess,
    });
    for (const run of oldest.items) await this.client.delete(JobRun, run.metadata.name).catch(ignoreNotFound);
    return oldest.items.length;
  }

  /**
   * Runs left RUNNING by another process (it died or lost leadership mid-run) are marked FAILED. Called by a
   * new leader before it schedules anything.
   */
  async markInterrupted(holder: string): Promise<number> {
    let marked = 0;
    for await (const run of this.client.listAll(JobRun, eq('status.outcome', 'RUNNING'))) {
      if (run.status?.holder === holder) continue;
      const status = {
        ...run.status!,
        outcome: 'FAILED',
        endTime: toTimestamp(this.now()),
        message: `interrupted: the process running it (${run.status?.holder ?? 'unknown'}) stopped`,
      };
      await this.client.patch(JobRun, run.metadata.name, { status }).catch(ignoreNotFound);
      marked++;
    }
    return marked;
  }

  /** One page of runs, newest slot first. */
  /** A page of runs, newest slot first; malformed records are left out and reported. */
  async page(filter: { job?: string; outcome?: JobOutcome }, page: number, size: number) {
    const where: Condition | undefined = and(
      filter.job ? eq('spec.job', filter.job) : undefined,
      filter.outcome ? eq('status.outcome', filter.outcome) : undefined,
    );
    const found = await this.client.list(JobRun, { where, sort: [{ field: 'spec.slot', direction: 'desc' }], page, size });
    return { ...found, items: this.client.viewItems(JobRun, found.items, (run) => run) };
  }

  private async createOnce(job: string, slotMs: number, catchUp: boolean, status: JobRunStatus): Promise<JobRun | undefined> {
    const spec = { job, slot: toTimestamp(slotMs), ...(catchUp ? { catchUp: true } : {}) };
    try {
      return await this.client.create(JobRun, { metadata: { name: jobRunName(job, slotMs) }, spec, status });
    } catch (err) {
      if (err instanceof AppError && err.code === 'ALREADY_EXISTS') return undefined;
      throw err;
    }
  }
}

function ignoreNotFound(err: unknown): void {
  if (!(err instanceof AppError && err.code === 'NOT_FOUND')) throw err;
}
