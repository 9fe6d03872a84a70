import type { Language } from '../../host/sdk/index.js';
import { actorForMerchant } from '../merchants/platform-actor.js';
import { formatMinor } from '../money/index.js';
import { maskAccountNumber } from './luhn.js';
import type { AccountSnapshot, Transition, WithdrawalAccount, WithdrawalRecord } from './types.js';

/**
 * Account numbers are shown whole only to their merchant (user-center pages) and in the console's details of
 * one withdrawal (the administrator pays to it; that read is logged); every list elsewhere masks them.
 */
export type Exposure = 'owner' | 'masked';

export interface AccountDetails extends Omit<AccountSnapshot, 'collectionCode'> {
  /** Site address of the collection-code image (`/attachments/{name}`). */
  collectionCodeUrl?: string;
}

function details(a: AccountSnapshot, exposure: Exposure): AccountDetails {
  const { collectionCode, ...rest } = a;
  return {
    ...rest,
    accountNumber: exposure === 'owner' ? a.accountNumber : maskAccountNumber(a.accountNumber),
    ...(collectionCode ? { collectionCodeUrl: collectionCode } : {}),
  };
}

export interface AccountView extends AccountDetails {
  name: string;
  merchant: string;
  isDefault: boolean;
  createdAt?: string;
}

export function toAccountView(a: WithdrawalAccount, exposure: Exposure = 'owner'): AccountView {
  return {
    name: a.metadata.name,
    merchant: a.spec.merchant,
    isDefault: a.spec.isDefault,
    createdAt: a.metadata.creationTimestamp,
    ...details(a.spec, exposure),
  };
}

export interface WithdrawalView {
  name: string;
  merchant: string;
  account: string;
  accountDetails: AccountDetails;
  amount: string;
  currency: string;
  status: WithdrawalRecord['spec']['status'];
  remark?: string;
  payoutSerial?: string;
  payoutRemark?: string;
  failureReason?: string;
  reviewRemark?: string;
  appliedAt: string;
  reviewedBy?: string;
  reviewedAt?: string;
  transitions: Transition[];
}

export function toWithdrawalView(r: WithdrawalRecord, exposure: Exposure): WithdrawalView {
  const { accountName, accountSnapshot, amount, ...s } = r.spec;
  return {
    name: r.metadata.name,
    ...s,
    account: accountName,
    accountDetails: details(accountSnapshot, exposure),
    amount: formatMinor(amount, r.spec.currency),
    transitions: r.status?.transitions ?? [],
  };
}

/**
 * A withdrawal as its merchant sees it (user center): the account whole, and the administrators who reviewed,
 * paid or failed it shown as the platform (the merchant's own application keeps the merchant's name).
 */
export function toOwnWithdrawalView(r: WithdrawalRecord, language: Language): WithdrawalView {
  const view = toWithdrawalView(r, 'owner');
  const owner = r.spec.merchant;
  return {
    ...view,
    ...(view.reviewedBy !== undefined ? { reviewedBy: actorForMerchant(view.reviewedBy, owner, language) } : {}),
    transitions: view.transitions.map((t) => (t.actor === undefined ? t : { ...t, actor: actorForMerchant(t.actor, owner, language) })),
  };
}

const ACCOUNT_DETAILS_PROPERTIES = {
  type: { type: 'string', enum: ['BANK_CARD', 'WALLET_A', 'WALLET_B'] },
  accountName: { type: 'string' },
  accountNumber: { type: 'string', description: "whole on the merchant's own pages and in console details; else masked (****1234)" },
  bankName: { type: 'string' },
  branchName: { type: 'string' },
  collectionCodeUrl: { type: 'string', description: 'site address of the collection-code image (/attachments/{name})' },
};

export const ACCOUNT_VIEW_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    merchant: { type: 'string' },
    isDefault: { type: 'boolean' },
    createdAt: { type: 'string', format: 'date-time' },
    ...ACCOUNT_DETAILS_PROPERTIES,
  },
};

export const WITHDRAWAL_VIEW_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    merchant: { type: 'string' },
    account: { type: 'string', description: 'name of the withdrawal account' },
    accountDetails: { type: 'object', description: 'the account as it was when applied for', properties: ACCOUNT_DETAILS_PROPERTIES },
    amount: { type: 'string', description: 'decimal amount' },
    currency: { type: 'string' },
    status: { type: 'string', enum: ['PENDING_AUDIT', 'APPROVED', 'REJECTED', 'PROCESSING', 'COMPLETED', 'FAILED'] },
    remark: { type: 'string' },
    payoutSerial: { type: 'string' },
    payoutRemark: { type: 'string' },
    failureReason: { type: 'string' },
    reviewRemark: { type: 'string' },
    appliedAt: { type: 'string', format: 'date-time' },
    reviewedBy: { type: 'string' },
    reviewedAt: { type: 'string', format: 'date-time' },
    transitions: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          from: { type: 'string' },
          to: { type: 'string' },
          actor: { type: 'string' },
          reason: { type: 'string' },
          at: { type: 'string' },
        },
      },
    },
  },
};
