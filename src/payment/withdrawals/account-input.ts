import { Attachment, type ExtensionClient } from '../../host/sdk/index.js';
import { cardDigits, luhnValid } from './luhn.js';
import { invalidAccountField, invalidCardNumber } from './withdrawal-errors.js';
import type { AccountType, WithdrawalAccountSpec } from './types.js';

/** What the merchant types for an account (create: all required fields; update: the fields to change). */
export interface AccountInput {
  type: AccountType;
  accountName: string;
  accountNumber: string;
  bankName?: string;
  branchName?: string;
  /** Name of a host attachment (the collection-code image) the caller uploaded; null or '' removes it. */
  collectionCode?: string | null;
  isDefault?: boolean;
}

export const ATTACHMENT_PREFIX = 'attachment:';

/** The attachment name inside a stored collection code, if any. */
export function collectionAttachment(code: string | undefined): string | undefined {
  return code?.startsWith(ATTACHMENT_PREFIX) ? code.slice(ATTACHMENT_PREFIX.length) : undefined;
}

/**
 * Checks an account as a whole and returns the fields to store. A bank card needs a bank and a number that
 * passes the Luhn check (kept as digits only); a wallet keeps no bank, and its collection code must be an image
 * the merchant user uploaded.
 */
export async function accountFields(
  client: ExtensionClient,
  owner: string,
  input: AccountInput,
): Promise<Omit<WithdrawalAccountSpec, 'merchant' | 'isDefault'>> {
  const base = { type: input.type, accountName: input.accountName.trim(), accountNumber: input.accountNumber.trim() };
  if (input.type === 'BANK_CARD') {
    const digits = cardDigits(base.accountNumber);
    if (!luhnValid(digits)) throw invalidCardNumber();
    if (!input.bankName?.trim()) throw invalidAccountField('bankName', '请填写开户银行', 'the bank is required for a bank card');
    const branchName = input.branchName?.trim();
    return { ...base, accountNumber: digits, bankName: input.bankName.trim(), ...(branchName ? { branchName } : {}) };
  }
  if (!input.collectionCode) return base;
  const image = await client.fetch(Attachment, input.collectionCode);
  if (!image || image.spec.owner !== owner)
    throw invalidAccountField(
      'collectionCode',
      '收款码图片不存在，请重新上传',
      'the collection-code image does not exist; upload it again',
    );
  return { ...base, collectionCode: ATTACHMENT_PREFIX + input.collectionCode };
}
