import { defineOperation, type OperationDef } from '../api/operations/operation.js';
import { HOST_CONSOLE_GROUP } from '../api/host-groups.js';
import type { JobRunRecords } from './job-run-records.js';
import type { JobOutcome, JobScheduleView } from './types.js';
import { listResult, listResultSchema, pageQueryProperties } from '../api/list-result.js';

interface ListJobRunsQuery {
  job?: string;
  outcome?: JobOutcome;
  page: number;
  size: number;
}

const JOB_RUN_ITEM = {
  type: 'object',
  properties: {
    metadata: { type: 'object', properties: { name: { type: 'string' } } },
    spec: {
      type: 'object',
      properties: { job: { type: 'string' }, slot: { type: 'string', format: 'date-time' }, catchUp: { type: 'boolean' } },
    },
    status: {
      type: 'object',
      properties: {
        outcome: { type: 'string', enum: ['RUNNING', 'SUCCEEDED', 'FAILED', 'TIMED_OUT', 'SKIPPED'] },
        startTime: { type: 'string', format: 'date-time' },
        endTime: { type: 'string', format: 'date-time' },
        durationMs: { type: 'integer' },
        counts: { type: 'object', additionalProperties: { type: 'number' } },
        message: { type: 'string' },
        holder: { type: 'string' },
      },
    },
  },
};

/** A text for people in both languages. */
const JOB_TEXT = { type: 'object', properties: { zh: { type: 'string' }, en: { type: 'string' } } };

const JOB_SCHEDULE_ITEM = {
  type: 'object',
  properties: {
    name: { type: 'string', description: 'the id the job is registered under (SitePluginAuth:clean-auth)' },
    title: { ...JOB_TEXT, description: "the job's name for people" },
    description: { ...JOB_TEXT, description: 'what one run does' },
    cron: { type: 'string' },
    timeZone: { type: 'string' },
    enabled: { type: 'boolean' },
    running: { type: 'boolean' },
    nextSlot: { type: 'string', format: 'date-time', description: 'the next run; absent when disabled or not schedulable' },
    problem: { type: 'string', description: 'why the job cannot be scheduled (English detail); absent when it can' },
    problemCode: { type: 'string', enum: ['UNKNOWN_TIME_ZONE', 'INVALID_CRON', 'UNREADABLE'] },
    problemText: {
      type: 'object',
      description: 'the problem in words for people: what is wrong and what to do',
      properties: { zh: { type: 'string' }, en: { type: 'string' } },
    },
    lastRun: {
      type: 'object',
      description: 'the latest run or skipped slot; absent before the first',
      properties: {
        name: { type: 'string' },
        slot: { type: 'string', format: 'date-time' },
        outcome: { type: 'string', enum: ['RUNNING', 'SUCCEEDED', 'FAILED', 'TIMED_OUT', 'SKIPPED'] },
        startTime: { type: 'string', format: 'date-time' },
        endTime: { type: 'string', format: 'date-time' },
        durationMs: { type: 'integer' },
        message: { type: 'string' },
        catchUp: { type: 'boolean' },
      },
    },
  },
};

/** What the operations read: the run records and the registered jobs' schedules. */
export interface JobRunSource {
  records: JobRunRecords;
  schedules(): Promise<JobScheduleView[]>;
}

/**
 * The console's view of scheduled jobs: JobRun records (newest slot first, paged) and each registered job's
 * schedule, where a job that cannot be scheduled says why instead of silently never running.
 */
export function jobRunOperations(source: JobRunSource): OperationDef[] {
  const { records } = source;
  return [
    defineOperation({
      operationId: 'listScheduledJobs',
      group: HOST_CONSOLE_GROUP,
      method: 'get',
      path: '/jobs',
      summary: 'List the registered jobs: cron, time zone, switch, next run, last run, and why a job cannot be scheduled',
      tags: ['scheduler'],
      response: { type: 'array', items: JOB_SCHEDULE_ITEM },
      handler: () => source.schedules(),
    }),
    defineOperation<ListJobRunsQuery>({
      operationId: 'listJobRuns',
      group: HOST_CONSOLE_GROUP,
      method: 'get',
      path: '/jobruns',
      summary: 'List runs of scheduled jobs (start, end, outcome, counts), newest first',
      tags: ['scheduler'],
      query: {
        type: 'object',
        properties: {
          job: { type: 'string', minLength: 1, maxLength: 253, description: 'only runs of this job' },
          outcome: { type: 'string', enum: ['RUNNING', 'SUCCEEDED', 'FAILED', 'TIMED_OUT', 'SKIPPED'] },
          ...pageQueryProperties(200),
        },
      },
      response: listResultSchema(JOB_RUN_ITEM),
      handler: async ({ query }) => {
        const found = await records.page({ job: query.job, outcome: query.outcome }, query.page, query.size);
        return listResult(found.items, found.total ?? found.items.length, query.page, query.size);
      },
    }),
  ];
}
