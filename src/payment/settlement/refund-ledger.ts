import { AppError } from '../../host/sdk/index.js';
import { SYSTEM_PLATFORM, type PaymentInfo } from '../orders/types.js';
import type { RefundLedgerPort } from '../refunds/refund-deps.js';
import type { PaymentRefund } from '../refunds/types.js';
import { ledgerMove } from '../ledger/moves.js';
import { postLedgerEntry, type LedgerDeps } from '../ledger/post-entry.js';
import { LedgerEntry } from '../ledger/types.js';
import { SettlementRecord } from './types.js';

/**
 * A refund of a merchant order whose settlement was confirmed takes the money back from the merchant: the
 * amount is frozen when the refund is reserved (refused when the withdrawable balance cannot cover it) and
 * debited when it succeeds, released when it fails. An order not yet settled needs nothing here (settlement
 * counts what is left of it); one in a BUILDING or PENDING settlement is refused until that settlement is decided.
 */
export function refundLedger(deps: LedgerDeps): RefundLedgerPort {
  return {
    async reserve(refund, order) {
      const settlement = await creditedSettlementOf(deps, order);
      if (!settlement) return;
      await postLedgerEntry(deps, ledgerMove('REFUND_FREEZE', refund.spec.amount, subjectOf(refund, order)));
    },
    async settle(refund, order) {
      const frozen = await deps.client.fetch(LedgerEntry, ledgerMove('REFUND_FREEZE', refund.spec.amount, subjectOf(refund, order)).key);
      if (!frozen || order.spec.platform === SYSTEM_PLATFORM) return;
      const type = refund.spec.status === 'SUCCESS' ? 'REFUND_DEBIT' : 'REFUND_RELEASE';
      await postLedgerEntry(deps, ledgerMove(type, refund.spec.amount, subjectOf(refund, order)));
    },
  };
}

async function creditedSettlementOf(deps: LedgerDeps, order: PaymentInfo) {
  const name = order.spec.settlementName;
  if (order.spec.platform === SYSTEM_PLATFORM || !name) return undefined;
  const settlement = await deps.client.fetch(SettlementRecord, name);
  if (settlement?.spec.status === 'PENDING' || settlement?.spec.status === 'BUILDING') throw settlementUndecided(name);
  return settlement?.spec.status === 'SUCCESS' ? settlement : undefined;
}

function subjectOf(refund: PaymentRefund, order: PaymentInfo) {
  return {
    merchant: order.spec.platform,
    currency: refund.spec.currency,
    reference: refund.metadata.name,
    actor: refund.spec.actor,
    note: `refund ${refund.spec.refundId} of ${refund.spec.paymentId}`,
  };
}

function settlementUndecided(settlement: string): AppError {
  return new AppError('ORDER_SETTLEMENT_PENDING', `订单所在的结算单 ${settlement} 尚待确认，请先确认或驳回结算再退款`, {
    status: 409,
    messageEn: `the order is in settlement ${settlement}, which awaits confirmation; confirm or reject it before refunding`,
    details: [{ field: 'paymentId', message: settlement, reason: 'SETTLEMENT_PENDING' }],
  });
}
