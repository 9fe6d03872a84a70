import { AppError } from '../../host/sdk/index.js';
import { minorMoneyText } from '../money/index.js';

/**
 * The ledger's refusals. Both are thrown before anything is written, inside the caller's transaction, so the
 * change that wanted the entry (a withdrawal, a refund, a settlement confirmation) is rolled back with it.
 */
export const ledgerErrors = {
  /** The entry would make balance, frozen or withdrawable negative. */
  insufficient(withdrawableMinor: number, neededMinor: number, currency: string): AppError {
    const [canZh, canEn] = [minorMoneyText(withdrawableMinor, currency, 'zh-CN'), minorMoneyText(withdrawableMinor, currency, 'en')];
    const [askedZh, askedEn] = [minorMoneyText(neededMinor, currency, 'zh-CN'), minorMoneyText(neededMinor, currency, 'en')];
    return new AppError('INSUFFICIENT_BALANCE', `可提现余额不足：需要 ${askedZh}，可用 ${canZh}`, {
      status: 409,
      messageEn: `the withdrawable balance is too low: ${askedEn} needed, ${canEn} available`,
      details: [{ field: 'amount', message: `可用 ${canZh}`, messageEn: `${canEn} available`, reason: 'INSUFFICIENT_BALANCE' }],
    });
  },

  /** The idempotency key was booked before with other figures: a bug or a forged retry, never silently merged. */
  keyReused(key: string): AppError {
    return new AppError('LEDGER_KEY_REUSED', `账务分录 ${key} 已以不同的金额记账`, {
      status: 409,
      messageEn: `ledger entry ${key} was already booked with other figures`,
    });
  },
};
