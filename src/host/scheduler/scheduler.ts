import type { ExtensionClient } from '../client/extension-client.js';
import { sleep, systemClock, type Clock, type TimerHandle } from '../controller/clock.js';
import type { Logger } from '../logging/logger.js';
import type { SettingsReader } from '../settings/types.js';
import { latestSlotBetween, nextSlotAfter } from './cron-slots.js';
import { executeRun } from './execute-run.js';
import { JobRunRecords } from './job-run-records.js';
import { resolveSchedule, sameSchedule, scheduleProblemText, type ResolvedSchedule } from './resolve-job.js';
import type { JobDefinition, JobOutcome, JobRegistrar, JobScheduleView } from './types.js';

export interface SchedulerOptions {
  client: ExtensionClient;
  logger: Logger;
  /** Identity of this process (host name, pid), written into the runs it makes. */
  holder: string;
  clock?: Clock;
  /** Told about every finished or skipped run (the host counts them in its metrics). */
  onRunFinished?: (job: string, outcome: JobOutcome, durationMs?: number) => void;
  /** How long deactivate() waits for running handlers after aborting them (default 10 s). */
  stopGraceMs?: number;
}

interface JobState {
  def: JobDefinition;
  schedule?: ResolvedSchedule;
  timer?: TimerHandle;
  nextSlot?: number;
  /** Bumped on every (re)arm; async work of an older generation drops its result. */
  generation: number;
  running?: Promise<void>;
  stop: AbortController;
}

/** Timers longer than this are split, so a monthly job survives setTimeout's 24.8-day limit and clock drift. */
const MAX_WAIT_MS = 60 * 60 * 1000;
const DEFAULT_KEEP_RUNS = 100;

/**
 * Cron jobs, run only while active (the host activates the scheduler on the leader). Each job has one timer
 * for its next slot; a slot is claimed by creating its deterministic JobRun, so across processes and
 * hand-overs every slot runs at most once.
 */
export class Scheduler implements JobRegistrar {
  readonly records: JobRunRecords;
  private readonly jobs = new Map<string, JobState>();
  private readonly clock: Clock;
  private active = false;

  constructor(private readonly options: SchedulerOptions) {
    this.clock = options.clock ?? systemClock;
    this.records = new JobRunRecords(options.client, () => this.clock.now());
  }

  register(def: JobDefinition): () => Promise<void> {
    if (!def.name) throw new Error('a job needs a name');
    if (this.jobs.has(def.name)) throw new Error(`job ${def.name} is registered twice`);
    if (!(def.timeoutMs > 0)) throw new Error(`job ${def.name} needs a positive timeoutMs`);
    const state: JobState = { def, generation: 0, stop: new AbortController() };
    this.jobs.set(def.name, state);
    if (this.active) void this.startJob(state, true);
    return () => this.unregister(def.name);
  }

  async unregister(name: string): Promise<void> {
    const state = this.jobs.get(name);
    if (!state) return;
    this.jobs.delete(name);
    await this.halt(state);
  }

  /** A registrar whose jobs are unregistered (and their runs aborted) when the owner (a plugin) stops. */
  scoped(onStop: (fn: () => Promise<void>) => void): JobRegistrar {
    const unregisters: Array<() => Promise<void>> = [];
    onStop(async () => {
      await Promise.all(unregisters.splice(0).map((unregister) => unregister()));
    });
    return {
      register: (definition) => {
        const unregister = this.register(definition);
        unregisters.push(unregister);
        return unregister;
      },
      reschedule: (name) => this.reschedule(name),
    };
  }

  /** Re-reads the job's schedule and re-arms it (no catch-up for slots skipped while it was off). */
  async reschedule(name: string): Promise<void> {
    const state = this.jobs.get(name);
    if (state && this.active) await this.startJob(state, false);
  }

  /** Re-arms every job whose cron, time zone or switch changed; the host calls it on settings changes. */
  async refresh(): Promise<void> {
    if (!this.active) return;
    for (const state of this.jobs.values()) {
      const schedule = await resolveSchedule(state.def).catch(() => undefined);
      if (schedule && !sameSchedule(state.schedule, schedule)) await this.startJob(state, false);
    }
  }

  /** Follows settings changes: a job whose cron or switch comes from settings is rescheduled. */
  followSettings(settings: SettingsReader): () => void {
    return settings.onChange(
      () =>
        void this.refresh().catch((err) =>
          this.options.logger.error({ err: (err as Error).message }, 'rescheduling after a settings change failed'),
        ),
    );
  }

  get isActive(): boolean {
    return this.active;
  }

  /** Next slot and running state of each job (for the console and tests). */
  status(): Array<{ name: string; nextSlot?: string; running: boolean; enabled: boolean; problem?: string }> {
    return [...this.jobs.values()].map((s) => ({
      name: s.def.name,
      nextSlot: s.nextSlot === undefined ? undefined : new Date(s.nextSlot).toISOString(),
      running: Boolean(s.running),
      enabled: s.schedule?.enabled ?? false,
      problem: s.schedule?.problem,
    }));
  }

  /**
   * Every job's schedule as its settings read now, with why it cannot run when it cannot (a cron expression
   * or time zone stored before the forms checked them). Resolved on each call, so any replica can answer,
   * leader or not. `lastRuns: false` leaves out each job's latest run (one read per job; /readyz needs none).
   */
  async schedules(options: { lastRuns?: boolean } = {}): Promise<JobScheduleView[]> {
    return Promise.all(
      [...this.jobs.values()].map(async (s): Promise<JobScheduleView> => {
        const schedule = await resolveSchedule(s.def).catch((err: Error): ResolvedSchedule => ({
          cron: '',
          timeZone: '',
          enabled: true,
          problem: `the schedule could not be read: ${err.message}`,
          problemCode: 'UNREADABLE',
          problemText: scheduleProblemText('UNREADABLE', { cron: '', timeZone: '' }),
        }));
        const nextSlot = s.nextSlot ?? (schedule.cronTime ? nextSlotAfter(schedule.cronTime, this.clock.now()) : undefined);
        const lastRun = options.lastRuns === false ? undefined : await this.records.lastRun(s.def.name).catch(() => undefined);
        return {
          name: s.def.name,
          ...(s.def.title ? { title: s.def.title } : {}),
          ...(s.def.description ? { description: s.def.description } : {}),
          cron: schedule.cron,
          timeZone: schedule.timeZone,
          enabled: schedule.enabled,
          running: Boolean(s.running),
          ...(nextSlot === undefined ? {} : { nextSlot: new Date(nextSlot).toISOString() }),
          ...(schedule.problem ? { problem: schedule.problem, problemCode: schedule.problemCode, problemText: schedule.problemText } : {}),
          ...(lastRun ? { lastRun } : {}),
        };
      }),
    );
  }

  /** Starts scheduling: runs left RUNNING by a dead leader are closed, then each job catches up and arms. */
  async activate(): Promise<void> {
    if (this.active) return;
    this.active = true;
    try {
      const marked = await this.records.markInterrupted(this.options.holder);
      if (marked) this.options.logger.warn({ runs: marked }, 'marked job runs of a previous leader as interrupted');
    } catch (err) {
      this.options.logger.error({ err: (err as Error).message }, 'could not close interrupted job runs');
    }
    await Promise.all([...this.jobs.values()].map((s) => this.startJob(s, true)));
  }

  /** Stops every timer, aborts running handlers and waits (up to stopGraceMs) for them to end. */
  async deactivate(): Promise<void> {
    if (!this.active) return;
    this.active = false;
    await Promise.all([...this.jobs.values()].map((s) => this.halt(s)));
  }

  private async halt(state: JobState): Promise<void> {
    this.disarm(state);
    state.generation++;
    state.stop.abort();
    state.stop = new AbortController();
    if (state.running) await Promise.race([state.running, sleep(this.clock, this.options.stopGraceMs ?? 10_000)]);
  }

  private disarm(state: JobState): void {
    if (state.timer !== undefined) this.clock.clearTimeout(state.timer);
    state.timer = undefined;
    state.nextSlot = undefined;
  }

  private async startJob(state: JobState, catchUp: boolean): Promise<void> {
    const generation = ++state.generation;
    this.disarm(state);
    const schedule = await resolveSchedule(state.def).catch(
      (err: Error) => ({ cron: '', timeZone: '', enabled: false, problem: err.message }) as ResolvedSchedule,
    );
    if (generation !== state.generation || !this.active) return;
    state.schedule = schedule;
    if (schedule.problem) this.options.logger.error({ job: state.def.name, problem: schedule.problem }, 'job cannot be scheduled');
    if (!schedule.cronTime) return;
    const now = this.clock.now();
    if (catchUp && state.def.missedRunPolicy === 'FIRE_ONCE') {
      const missed = await this.missedSlot(state, schedule, now);
      if (generation !== state.generation || !this.active) return;
      if (missed !== undefined) this.fire(state, missed, true);
    }
    this.arm(state, generation, now);
  }

  private async missedSlot(state: JobState, schedule: ResolvedSchedule, now: number): Promise<number | undefined> {
    try {
      const last = await this.records.lastSlot(state.def.name);
      return last === undefined ? undefined : latestSlotBetween(schedule.cronTime!, last, now);
    } catch (err) {
      this.options.logger.error({ job: state.def.name, err: (err as Error).message }, 'could not read the last run of a job');
      return undefined;
    }
  }

  private arm(state: JobState, generation: number, afterMs: number): void {
    const slot = nextSlotAfter(state.schedule!.cronTime!, afterMs);
    state.nextSlot = slot;
    const wait = Math.min(Math.max(0, slot - this.clock.now()), MAX_WAIT_MS);
    state.timer = this.clock.setTimeout(() => this.onTimer(state, generation, slot), wait);
  }

  private onTimer(state: JobState, generation: number, slot: number): void {
    if (generation !== state.generation || !this.active) return;
    const now = this.clock.now();
    if (now < slot) return this.arm(state, generation, slot - 1); // a split long wait, or an early timer
    // A late timer (busy event loop, suspended machine) runs only the latest slot that has come.
    const due = latestSlotBetween(state.schedule!.cronTime!, slot - 1, now) ?? slot;
    this.fire(state, due, false);
    this.arm(state, generation, due);
  }

  private fire(state: JobState, slot: number, catchUp: boolean): void {
    const { def } = state;
    if (state.running) {
      this.options.onRunFinished?.(def.name, 'SKIPPED');
      this.records
        .skip(def.name, slot, 'skipped: the previous run was still running (concurrency FORBID)', this.options.holder)
        .catch((err) => this.logFailure(def, err));
      return;
    }
    const stop = state.stop.signal;
    const run = (async () => {
      if (def.enabled && !(await def.enabled())) return;
      const deps = {
        records: this.records,
        clock: this.clock,
        logger: this.options.logger,
        holder: this.options.holder,
        onFinished: this.options.onRunFinished,
      };
      const outcome = await executeRun(deps, def, slot, catchUp, stop);
      if (outcome) await this.records.trim(def.name, def.keepRuns ?? DEFAULT_KEEP_RUNS);
    })().catch((err) => this.logFailure(def, err));
    const tracked: Promise<void> = run.finally(() => {
      if (state.running === tracked) state.running = undefined;
    });
    state.running = tracked;
  }

  private logFailure(def: JobDefinition, err: unknown): void {
    this.options.logger.error({ job: def.name, err: (err as Error)?.message ?? String(err) }, 'job run could not be recorded');
  }
}
