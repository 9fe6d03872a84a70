import { AppError, NotFoundError, type ErrorDetail } from '../../host/sdk/index.js';
import type { WithdrawalStatus } from './types.js';

/** The caller has no merchant (accounts and withdrawals belong to one). */
export function notAMerchant(): AppError {
  return new AppError('NOT_A_MERCHANT', '您还不是商户，请先完成商户入驻', {
    status: 403,
    messageEn: 'you are not a merchant; complete onboarding first',
  });
}

/** Spec Errors: "withdrawal by a merchant that is not ACTIVE — rejected". */
export function merchantNotActive(status: string): AppError {
  return new AppError('WITHDRAWAL_MERCHANT_NOT_ACTIVE', `商户状态为 ${status}，只有正常（ACTIVE）的商户可以提现`, {
    status: 403,
    messageEn: `the merchant is ${status}; only an ACTIVE merchant can withdraw`,
    details: [{ field: 'status', message: status }],
  });
}

/** Spec Errors: "withdrawal to an account that does not exist — rejected"; another merchant's account is not revealed. */
export function accountNotFound(name: string, field = 'account'): AppError {
  return new AppError('WITHDRAWAL_ACCOUNT_NOT_FOUND', `提现账户「${name}」不存在`, {
    status: 404,
    messageEn: `withdrawal account "${name}" does not exist`,
    details: [{ field, message: '该提现账户不存在', messageEn: 'This withdrawal account does not exist.' }],
  });
}

export function accountInUse(name: string, open: number): AppError {
  return new AppError('WITHDRAWAL_ACCOUNT_IN_USE', `提现账户「${name}」有 ${open} 笔进行中的提现，暂不能删除`, {
    status: 409,
    messageEn: `withdrawal account "${name}" has ${open} open withdrawal(s) and cannot be deleted now`,
  });
}

export function invalidCardNumber(): AppError {
  const details: ErrorDetail[] = [
    {
      field: 'accountNumber',
      message: '银行卡号校验位不正确，请检查卡号',
      messageEn: 'the card number fails its check digit (Luhn)',
      reason: 'LUHN',
    },
  ];
  return new AppError('INVALID_CARD_NUMBER', '银行卡号校验位不正确，请检查卡号', {
    status: 400,
    messageEn: 'the card number fails its check digit (Luhn); check the number',
    details,
  });
}

export function invalidAccountField(field: string, zh: string, en: string): AppError {
  return new AppError('VALIDATION_FAILED', zh, { status: 400, messageEn: en, details: [{ field, message: zh, messageEn: en }] });
}

export function withdrawalNotFound(name: string): NotFoundError {
  return new NotFoundError({ zh: '提现记录', en: 'withdrawal' }, name);
}

/** A move the record's state does not allow; the answer names the state. */
export function illegalWithdrawalMove(move: { zh: string; en: string }, status: WithdrawalStatus): AppError {
  return new AppError('WITHDRAWAL_STATE_CONFLICT', `提现当前状态为 ${status}，不能执行「${move.zh}」`, {
    status: 409,
    messageEn: `the withdrawal is ${status}; "${move.en}" is not allowed`,
    details: [{ field: 'status', message: status, reason: status }],
  });
}
