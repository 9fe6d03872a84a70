import {
  defineOperation,
  listResultSchema,
  multiLineText,
  pageQueryProperties,
  singleLineText,
  type OperationDef,
} from '../../host/sdk/index.js';
import { CONSOLE_GROUP } from '../api/api-groups.js';
import { NAME_PARAMS } from './account-operations.js';
import type { WithdrawalDeps } from './apply-withdrawal.js';
import { batchWithdrawals, type BatchInput } from './batch-withdrawals.js';
import { listWithdrawals, type WithdrawalFilters } from './list-withdrawals.js';
import { moveWithdrawal } from './move-withdrawal.js';
import { MOVE_NAMES, MOVES, type MoveInput, type MoveName } from './moves.js';
import { WithdrawalRecord, WITHDRAWAL_STATUSES } from './types.js';
import { toWithdrawalView, WITHDRAWAL_VIEW_SCHEMA } from './views.js';
import { withdrawalNotFound } from './withdrawal-errors.js';

const tags = ['payment-console'];
const DAY_OR_TIME = {
  type: 'string',
  format: 'date-or-date-time',
  maxLength: 40,
  description: 'yyyy-mm-dd (UTC day) or RFC 3339, inclusive',
};

const MOVE_PATHS: Record<MoveName, { id: string; path: string; body: Record<string, unknown> }> = {
  approve: { id: 'approveWithdrawal', path: 'approve', body: { remark: multiLineText(1000) } },
  reject: { id: 'rejectWithdrawal', path: 'reject', body: { remark: multiLineText(1000) } },
  markProcessing: { id: 'markWithdrawalProcessing', path: 'mark-processing', body: { remark: multiLineText(1000) } },
  complete: {
    id: 'completeWithdrawal',
    path: 'complete',
    body: { payoutSerial: singleLineText(128, 1), remark: multiLineText(1000) },
  },
  fail: { id: 'failWithdrawal', path: 'fail', body: { reason: multiLineText(1000, 1) } },
};

function moveOperation(deps: WithdrawalDeps, move: MoveName): OperationDef {
  const rule = MOVES[move];
  const { id, path, body } = MOVE_PATHS[move];
  return defineOperation<unknown, MoveInput, { name: string }>({
    operationId: id,
    group: CONSOLE_GROUP,
    method: 'post',
    path: `/withdrawals/:name/${path}`,
    tags,
    summary:
      `${rule.from.join(' or ')} → ${rule.to}${rule.ledger ? ` (books ${rule.ledger})` : ''}; repeating it answers the record unchanged;`
      + ' another state → 409 WITHDRAWAL_STATE_CONFLICT naming it'
      + (move === 'complete' ? '; a payout serial or a remark is required' : move === 'fail' ? '; a reason is required' : ''),
    params: NAME_PARAMS,
    body: { type: 'object', additionalProperties: false, required: move === 'fail' ? ['reason'] : [], properties: body },
    response: WITHDRAWAL_VIEW_SCHEMA,
    handler: async ({ params, body: input, principal }) =>
      toWithdrawalView((await moveWithdrawal(deps, params.name, move, input, principal.username)).record, 'masked'),
  });
}

/** Console (payment:console:manage): withdrawal management. Lists mask account numbers; one record's details do not. */
export function withdrawalConsoleOperations(deps: WithdrawalDeps): OperationDef[] {
  return [
    defineOperation<WithdrawalFilters>({
      operationId: 'listWithdrawals',
      group: CONSOLE_GROUP,
      method: 'get',
      path: '/withdrawals',
      tags,
      summary: 'Withdrawals, newest application first, filtered by status, merchant and application date; account numbers masked',
      query: {
        type: 'object',
        additionalProperties: false,
        properties: {
          status: { type: 'string', enum: [...WITHDRAWAL_STATUSES] },
          merchant: { type: 'string', minLength: 1, maxLength: 253 },
          from: DAY_OR_TIME,
          to: DAY_OR_TIME,
          ...pageQueryProperties(200),
        },
      },
      response: listResultSchema(WITHDRAWAL_VIEW_SCHEMA),
      handler: ({ query }) => listWithdrawals(deps, query, 'masked'),
    }),
    defineOperation<unknown, unknown, { name: string }>({
      operationId: 'getWithdrawal',
      group: CONSOLE_GROUP,
      method: 'get',
      path: '/withdrawals/:name',
      tags,
      summary: 'One withdrawal with its transition log and the whole account number to pay to (each read is logged)',
      params: NAME_PARAMS,
      response: WITHDRAWAL_VIEW_SCHEMA,
      handler: async ({ params, principal }) => {
        const record = await deps.client.fetch(WithdrawalRecord, params.name);
        if (!record) throw withdrawalNotFound(params.name);
        deps.logger.info(
          { withdrawal: params.name, merchant: record.spec.merchant, by: principal.username },
          'withdrawal account revealed',
        );
        return toWithdrawalView(record, 'owner');
      },
    }),
    ...MOVE_NAMES.map((move) => moveOperation(deps, move)),
    defineOperation<unknown, BatchInput>({
      operationId: 'batchWithdrawals',
      group: CONSOLE_GROUP,
      method: 'post',
      path: '/withdrawals/batch',
      tags,
      summary:
        'The same move for many withdrawals, each in its own transaction; answers which moved and which were skipped and why.'
        + ' remark is the review remark, the payout remark (complete) or the failure reason (fail, required)',
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['action', 'names'],
        properties: {
          action: { type: 'string', enum: MOVE_NAMES },
          names: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string', minLength: 1, maxLength: 253 } },
          remark: multiLineText(1000),
        },
      },
      response: {
        type: 'object',
        properties: {
          moved: { type: 'array', items: { type: 'string' } },
          skipped: {
            type: 'array',
            items: {
              type: 'object',
              properties: { name: { type: 'string' }, code: { type: 'string' }, status: { type: 'string' }, message: { type: 'string' } },
            },
          },
        },
      },
      handler: ({ body, principal, english }) => batchWithdrawals(deps, body, principal.username, english),
    }),
  ];
}
