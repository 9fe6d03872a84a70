import { escapeHtml } from '../../host/sdk/index.js';
import type { MerchantDeps } from '../merchants/merchant-deps.js';
import { Merchant } from '../merchants/types.js';
import { minorMoneyText } from '../money/index.js';
import type { SettlementRecord } from './types.js';

/**
 * Tells the merchant user that a settlement was confirmed (and credited) or rejected: inbox and e-mail, in
 * the user's language. Queued in the decision's transaction; once per decision.
 */
export async function notifySettlementDecision(deps: MerchantDeps, record: SettlementRecord): Promise<void> {
  const s = record.spec;
  const merchant = await deps.client.fetch(Merchant, s.merchant);
  if (!merchant) return;
  const confirmed = s.status === 'SUCCESS';
  const name = escapeHtml(record.metadata.name);
  const remark = s.remark ? escapeHtml(s.remark) : '-';
  const link = `${deps.siteUrl.replace(/\/+$/, '')}/uc/merchant/settlements`;
  const zh = confirmed
    ? `结算单 ${name} 已确认，${minorMoneyText(s.settlementAmount, s.currency, 'zh-CN')} 已计入余额。`
    : `结算单 ${name} 已被驳回，其中的订单将重新参与结算。`;
  const en = confirmed
    ? `Settlement ${name} was confirmed; ${minorMoneyText(s.settlementAmount, s.currency, 'en')} was credited to your balance.`
    : `Settlement ${name} was rejected; its orders will be settled again.`;
  const href = escapeHtml(link);
  await deps.notifications.send({
    to: [{ username: merchant.spec.username }],
    missingUsers: 'skip',
    dedupeKey: `settlement:${record.metadata.name}:${s.status}`,
    content: {
      title: confirmed ? '结算已确认' : '结算已驳回',
      html: `<p>${zh}订单 ${s.orderCount} 笔，备注：${remark}</p><p><a href="${href}">结算记录</a></p>`,
      i18n: {
        en: {
          title: confirmed ? 'Settlement confirmed' : 'Settlement rejected',
          html: `<p>${en} Orders: ${s.orderCount}. Remark: ${remark}</p><p><a href="${href}">Settlements</a></p>`,
        },
      },
    },
  });
}
