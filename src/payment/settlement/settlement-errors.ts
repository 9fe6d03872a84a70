import { AppError, NotFoundError } from '../../host/sdk/index.js';
import type { SettlementStatus } from './types.js';

export function settlementNotFound(name: string): NotFoundError {
  return new NotFoundError({ zh: '结算单', en: 'settlement' }, name);
}

/** A move the record's status does not allow; the answer names the status (and a release under way). */
export function settlementStateConflict(status: SettlementStatus, action: { zh: string; en: string }, releasing = false): AppError {
  const zh = releasing ? `${status}，正在释放其订单` : status;
  const en = releasing ? `${status} and its orders are being released` : status;
  return new AppError('SETTLEMENT_STATE_CONFLICT', `结算单当前状态为 ${zh}，不能${action.zh}`, {
    status: 409,
    messageEn: `the settlement is ${en}; it cannot be ${action.en}`,
    details: [{ field: 'status', message: status, ...(releasing ? { reason: 'RELEASING' } : {}) }],
  });
}

/** A confirmed settlement is deleted only together with the reversal of its credit (a reason is required). */
export function settlementCredited(name: string): AppError {
  return new AppError('SETTLEMENT_CREDITED', `结算单 ${name} 已确认入账；删除需填写原因，系统将同时记一笔冲正调整`, {
    status: 409,
    messageEn: `settlement ${name} was confirmed and credited; deleting it needs a reason, and its credit is reversed by an adjustment`,
    details: [{ field: 'reason', message: '请填写原因', messageEn: 'Please give a reason.', reason: 'REQUIRED' }],
  });
}

/** Given payment numbers that cannot be settled: each with why; nothing was changed. */
export function ordersNotSettleable(problems: Array<{ paymentId: string; reason: string }>): AppError {
  const list = problems
    .slice(0, 20)
    .map((p) => `${p.paymentId} (${p.reason})`)
    .join(', ');
  return new AppError('ORDERS_NOT_SETTLEABLE', `以下订单不能结算：${list}`, {
    status: 409,
    messageEn: `these orders cannot be settled: ${list}`,
    details: problems.slice(0, 100).map((p) => ({
      field: 'paymentIds',
      message: `${p.paymentId}: ${REASON_ZH[p.reason] ?? p.reason}`,
      messageEn: `${p.paymentId}: ${REASON_EN[p.reason] ?? p.reason}`,
      reason: p.reason,
    })),
  });
}

const REASON_ZH: Record<string, string> = {
  NOT_FOUND: '订单不存在',
  OTHER_MERCHANT: '不属于该商户',
  SYSTEM_ORDER: '系统订单不参与结算',
  NOT_PAID: '订单未支付成功',
  ALREADY_SETTLED: '已在其他结算单中',
  REFUND_PENDING: '有处理中的退款',
  NOTHING_LEFT: '已全额退款',
};

const REASON_EN: Record<string, string> = {
  NOT_FOUND: 'no such order',
  OTHER_MERCHANT: 'belongs to another merchant',
  SYSTEM_ORDER: 'system orders are not settled',
  NOT_PAID: 'not paid',
  ALREADY_SETTLED: 'already in a settlement',
  REFUND_PENDING: 'a refund is in progress',
  NOTHING_LEFT: 'fully refunded',
};
