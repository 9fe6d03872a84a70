import { defineOperation, singleLineText, type OperationDef } from '../../host/sdk/index.js';
import { UC_GROUP } from '../api/api-groups.js';
import type { AccountInput } from './account-input.js';
import { createAccount, deleteAccount, listAccounts, requireMerchant, updateAccount, type AccountDeps } from './accounts.js';
import { ACCOUNT_TYPES } from './types.js';
import { ACCOUNT_VIEW_SCHEMA, toAccountView } from './views.js';

const tags = ['payment-uc'];
export const NAME_PARAMS = { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: 253 } } };

const ACCOUNT_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'accountName', 'accountNumber'],
  properties: {
    type: { type: 'string', enum: [...ACCOUNT_TYPES] },
    accountName: singleLineText(128, 1),
    accountNumber: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      pattern: '^[^\\u0000-\\u001f\\u007f]+$',
      description: 'BANK_CARD: the card number (spaces and dashes allowed; Luhn-checked); wallets: the account (phone, e-mail or id)',
    },
    bankName: singleLineText(128, 1),
    branchName: singleLineText(128),
    collectionCode: {
      type: ['string', 'null'],
      maxLength: 253,
      description: 'wallets: address of a collection-code image the caller uploaded (uploadCollectionCode); null or empty removes it',
    },
    isDefault: { type: 'boolean', description: 'make it the default (the old default is unset); the first account always is' },
  },
};

/** The merchant's own withdrawal accounts (user center): numbers shown whole, to their owner only. */
export function accountOperations(deps: AccountDeps): OperationDef[] {
  return [
    defineOperation<unknown, AccountInput>({
      operationId: 'createWithdrawalAccount',
      group: UC_GROUP,
      method: 'post',
      path: '/withdrawal-accounts',
      tags,
      summary: 'Add a withdrawal account (bank card with a Luhn-checked number and bank, or a WALLET_A / WALLET_B account)',
      body: ACCOUNT_BODY,
      response: ACCOUNT_VIEW_SCHEMA,
      handler: async ({ body, principal }) => toAccountView(await createAccount(deps, principal.username, body)),
    }),
    defineOperation({
      operationId: 'listWithdrawalAccounts',
      group: UC_GROUP,
      method: 'get',
      path: '/withdrawal-accounts',
      tags,
      summary: "The caller's withdrawal accounts, oldest first (exactly one is the default)",
      response: { type: 'object', required: ['items'], properties: { items: { type: 'array', items: ACCOUNT_VIEW_SCHEMA } } },
      handler: async ({ principal }) => {
        await requireMerchant(deps, principal.username);
        return { items: (await listAccounts(deps, principal.username)).map((a) => toAccountView(a)) };
      },
    }),
    defineOperation<unknown, AccountInput, { name: string }>({
      operationId: 'updateWithdrawalAccount',
      group: UC_GROUP,
      method: 'put',
      path: '/withdrawal-accounts/:name',
      tags,
      summary: 'Replace an account; isDefault true makes it the default. Past withdrawals keep the account as it was',
      params: NAME_PARAMS,
      body: ACCOUNT_BODY,
      response: ACCOUNT_VIEW_SCHEMA,
      handler: async ({ params, body, principal }) => toAccountView(await updateAccount(deps, principal.username, params.name, body)),
    }),
    defineOperation<unknown, unknown, { name: string }>({
      operationId: 'deleteWithdrawalAccount',
      group: UC_GROUP,
      method: 'delete',
      path: '/withdrawal-accounts/:name',
      tags,
      summary:
        'Delete an account (refused while a withdrawal to it is open: 409 WITHDRAWAL_ACCOUNT_IN_USE);'
        + ' the default passes to the oldest other',
      params: NAME_PARAMS,
      response: ACCOUNT_VIEW_SCHEMA,
      handler: async ({ params, principal }) => toAccountView(await deleteAccount(deps, principal.username, params.name)),
    }),
  ];
}
