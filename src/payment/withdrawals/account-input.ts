import { HostAttachment, type ExtensionClient } from '../../host/sdk/index.js';
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
  /** Address (`/attachments/{name}`) of the collection-code image the caller uploaded (uploadCollectionCode); null or '' removes it. */
  collectionCode?: string | null;
  isDefault?: boolean;
}

/** Where the host serves attachments; a collection code is one of its addresses. */
const ATTACHMENT_ADDRESS = /^\/attachments\/(att-[a-z2-7]{26})$/;

/** The owner mark of a merchant's collection-code images in the host's attachment store. */
export function collectionCodeOwner(merchant: string): string {
  return `Merchant/${merchant}`;
}

/** The attachment name of a collection-code address, if it is one. */
export function collectionAttachment(code: string | undefined): string | undefined {
  return code ? ATTACHMENT_ADDRESS.exec(code)?.[1] : undefined;
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
  const name = collectionAttachment(input.collectionCode);
  const image = name ? await client.fetch(HostAttachment, name) : undefined;
  if (!image || image.spec?.owner !== collectionCodeOwner(owner))
    throw invalidAccountField(
      'collectionCode',
      '收款码图片不存在，请重新上传',
      'the collection-code image does not exist; upload it again',
    );
  return { ...base, collectionCode: input.collectionCode };
}
