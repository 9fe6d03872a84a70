import { defineOperation, multiLineText, pageQueryProperties, listResultSchema, type OperationDef } from '../../host/sdk/index.js';
import { UC_GROUP } from '../api/api-groups.js';
import { applyWithdrawal, type ApplyInput, type WithdrawalDeps } from './apply-withdrawal.js';
import { requireMerchant } from './accounts.js';
import { listWithdrawals } from './list-withdrawals.js';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from './types.js';
import { toOwnWithdrawalView, WITHDRAWAL_VIEW_SCHEMA } from './views.js';

const tags = ['payment-uc'];

/** The merchant's side of withdrawals (user center): apply and see their own, newest first. */
export function myWithdrawalOperations(deps: WithdrawalDeps): OperationDef[] {
  return [
    defineOperation<unknown, ApplyInput>({
      operationId: 'applyWithdrawal',
      group: UC_GROUP,
      method: 'post',
      path: '/withdrawals',
      tags,
      idempotent: true,
      summary: 'Apply for a withdrawal to one of my accounts; the amount is frozen until the withdrawal is completed, rejected or fails',
      description:
        'Refused with nothing written: merchant not ACTIVE (403 WITHDRAWAL_MERCHANT_NOT_ACTIVE), amount not > 0 or with more'
        + " fraction digits than the currency has (400 INVALID_AMOUNT), account absent or another merchant's (404"
        + ' WITHDRAWAL_ACCOUNT_NOT_FOUND), amount above the withdrawable balance (409 INSUFFICIENT_BALANCE).',
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['account', 'amount'],
        properties: {
          account: { type: 'string', minLength: 1, maxLength: 253, description: 'name of one of my withdrawal accounts' },
          amount: { type: 'string', minLength: 1, maxLength: 32, description: 'decimal amount, e.g. "100.50"' },
          remark: multiLineText(1000),
          currency: { type: 'string', pattern: '^[A-Za-z]{3}$', description: 'balance drawn on (default CNY)' },
        },
      },
      response: WITHDRAWAL_VIEW_SCHEMA,
      handler: async ({ body, principal, language }) =>
        toOwnWithdrawalView(await applyWithdrawal(deps, principal.username, body), language),
    }),
    defineOperation<{ status?: WithdrawalStatus; page: number; size: number }>({
      operationId: 'listMyWithdrawals',
      group: UC_GROUP,
      method: 'get',
      path: '/withdrawals',
      tags,
      summary: 'My withdrawals, newest application first, optionally by status',
      query: {
        type: 'object',
        additionalProperties: false,
        properties: { status: { type: 'string', enum: [...WITHDRAWAL_STATUSES] }, ...pageQueryProperties(100) },
      },
      response: listResultSchema(WITHDRAWAL_VIEW_SCHEMA),
      handler: async ({ query, principal, language }) => {
        await requireMerchant(deps, principal.username);
        return listWithdrawals(deps, { ...query, merchant: principal.username }, (r) => toOwnWithdrawalView(r, language));
      },
    }),
  ];
}
