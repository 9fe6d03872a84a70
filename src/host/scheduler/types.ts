import { HOST_GROUP, HOST_VERSION } from '../resource/host-group.js';
import { defineKind } from '../resource/kind-def.js';
import type { Resource } from '../resource/types.js';

export type JobOutcome = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'SKIPPED';

/** What a job handler gets for one run. */
export interface JobContext {
  /** Aborted on time-out, when the scheduler stops, or when this process loses leadership. */
  signal: AbortSignal;
  /** Deterministic id of the run (job + slot); also the JobRun resource name. */
  runId: string;
  /** The cron slot this run belongs to. */
  scheduledAt: Date;
  /** True for the one run that makes up for slots missed while no process was running the job. */
  catchUp: boolean;
  /** Adds to the run's counters (e.g. {expired: 12}); they are stored with the run's record. */
  reportCounts(counts: Record<string, number>): void;
}

/** A text for people in zh-CN and English (the job list's `problemText` has the same shape). */
export interface JobText {
  zh: string;
  en: string;
}

/** A string, or a function read again whenever the job is (re)scheduled, e.g. from settings. */
export type Dynamic<T> = T | (() => T | Promise<T>);

/**
 * A scheduled job. The scheduler runs it on the leader only, once per slot across all processes.
 */
export interface JobDefinition {
  /** Unique name, e.g. "SitePluginAuth:clean-auth". */
  name: string;
  /** What people call the job ("清理过期授权" / "Clean up expired authorizations"); the console shows it, the name beside it. */
  title?: JobText;
  /** What one run does, in a sentence, in both languages. */
  description?: JobText;
  /** Cron expression with optional seconds field ("0 * * * *", "* * * * * *"). */
  cron: Dynamic<string>;
  /** IANA time zone of the expression (default UTC). */
  timeZone?: Dynamic<string>;
  /** The job's switch; a disabled job is not scheduled at all. */
  enabled?: () => boolean | Promise<boolean>;
  /** Only FORBID: a slot that comes while the previous run still runs is skipped (and recorded). */
  concurrency?: 'FORBID';
  /** After downtime: FIRE_ONCE runs one catch-up run for the missed slots; SKIP (default) runs none. */
  missedRunPolicy?: 'FIRE_ONCE' | 'SKIP';
  /** The run is aborted (and recorded TIMED_OUT) after this long. */
  timeoutMs: number;
  /** JobRun records kept per job (default 100). */
  keepRuns?: number;
  handler(context: JobContext): Promise<void> | void;
}

export interface JobRunSpec {
  job: string;
  /** RFC 3339 UTC of the slot. */
  slot: string;
  catchUp?: boolean;
}

export interface JobRunStatus {
  outcome: JobOutcome;
  startTime?: string;
  endTime?: string;
  durationMs?: number;
  counts?: Record<string, number>;
  message?: string;
  holder?: string;
}

export type JobRun = Resource<JobRunSpec, JobRunStatus>;
export const JobRun = defineKind<JobRunSpec, JobRunStatus>({ group: HOST_GROUP, version: HOST_VERSION, kind: 'JobRun', plural: 'jobruns' });

/** A registered job as the console and /readyz see it. */
export interface JobScheduleView {
  name: string;
  /** The job's title and description for people (absent for a job registered without them: show its name). */
  title?: JobText;
  description?: JobText;
  cron: string;
  timeZone: string;
  enabled: boolean;
  running: boolean;
  /**
   * The next slot: the one this process has armed (on the leader), else the next one the expression gives
   * from now (any replica); absent when the job is disabled or cannot be scheduled.
   */
  nextSlot?: string;
  /** Why the job cannot be scheduled (an invalid cron expression or time zone), in English; absent when it can. */
  problem?: string;
  problemCode?: ScheduleProblemCode;
  /** The problem in words for people: what is wrong and what to do, zh-CN and English. */
  problemText?: JobText;
  /** The latest run (or skipped slot) of the job, if any. */
  lastRun?: JobRunSummary;
}

/** A run as the job list shows it. */
export interface JobRunSummary {
  name: string;
  slot: string;
  outcome: JobOutcome;
  startTime?: string;
  endTime?: string;
  durationMs?: number;
  message?: string;
  catchUp?: boolean;
}

/** What kind of problem keeps a job from being scheduled (all /readyz shows anonymous probes). */
export type ScheduleProblemCode = 'UNKNOWN_TIME_ZONE' | 'INVALID_CRON' | 'UNREADABLE';

/** Registration surface given to plugins; the returned function unregisters (and stops) the job. */
export interface JobRegistrar {
  register(definition: JobDefinition): () => Promise<void>;
  /** Reads the job's cron expression, time zone and switch again and re-arms its timer. */
  reschedule(name: string): Promise<void>;
}
