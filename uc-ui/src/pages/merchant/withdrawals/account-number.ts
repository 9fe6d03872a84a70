import { translate } from '@shared/i18n/index.js';

/** The last four characters of an account number. */
export const lastFour = (accountNumber: string | undefined): string => (accountNumber ?? '').slice(-4);

/**
 * An account number as the pages show it once entered: a bank card by its last four digits ("尾号 5559" /
 * "ending 5559"), never in full; a wallet account (a phone number or e-mail the merchant chose) as it is.
 */
export function shownAccountNumber(type: string | undefined, accountNumber: string | undefined): string {
  if (type !== 'BANK_CARD' || !accountNumber) return accountNumber ?? '';
  return translate('accountNumber.masked', { last4: lastFour(accountNumber) });
}
