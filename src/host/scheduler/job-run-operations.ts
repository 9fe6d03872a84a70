import { defineOperation, type OperationDef } from '../api/operations/operation.js';
import { HOST_CONSOLE_GROUP } from '../api/host-groups.js';
import type { JobRunRecords } from './job-run-records.js';
import type { JobOutcome } from './types.js';
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

/** The console's view of scheduled job history: JobRun records, newest slot first, paged. */
export function jobRunOperations(records: JobRunRecords): OperationDef[] {
  return [
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
