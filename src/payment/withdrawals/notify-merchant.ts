import { escapeHtml } from '../../host/sdk/index.js';
import { minorMoneyText } from '../money/index.js';
import type { WithdrawalDeps } from './apply-withdrawal.js';
import { WITHDRAWAL_STATUS_WORDS } from './status-words.js';
import type { WithdrawalRecord } from './types.js';

/** The note the administrator entered with the move that led to the record's state. */
function noteOf(r: WithdrawalRecord): string {
  const s = r.spec;
  if (s.status === 'FAILED') return s.failureReason ?? '';
  if (s.status === 'COMPLETED') return [s.payoutSerial, s.payoutRemark].filter(Boolean).join(' / ');
  return s.reviewRemark ?? '';
}

/**
 * Tells the merchant user about a move of their withdrawal (inbox and e-mail, in their language), queued in
 * the move's transaction so it goes out only if the move commits.
 */
export async function notifyWithdrawalMove(deps: WithdrawalDeps, record: WithdrawalRecord): Promise<void> {
  const s = record.spec;
  const [zh, en] = [WITHDRAWAL_STATUS_WORDS['zh-CN'][s.status], WITHDRAWAL_STATUS_WORDS.en[s.status]];
  const [amountZh, amountEn] = [minorMoneyText(s.amount, s.currency, 'zh-CN'), minorMoneyText(s.amount, s.currency, 'en')];
  const note = noteOf(record) ? escapeHtml(noteOf(record)) : '-';
  const link = `${deps.siteUrl.replace(/\/+$/, '')}/uc/merchant/withdrawals`;
  const id = escapeHtml(record.metadata.name);
  const href = escapeHtml(link);
  await deps.notifications.send({
    to: [{ username: s.merchant }],
    missingUsers: 'skip',
    dedupeKey: `withdrawal:${record.metadata.name}:${s.status}`,
    content: {
      title: `提现 ${amountZh}：${zh}`,
      html: `<p>您的提现申请 ${id}（${amountZh}）状态已变更为 <b>${zh}</b>。说明：${note}</p>` + `<p><a href="${href}">提现记录</a></p>`,
      i18n: {
        en: {
          title: `Withdrawal of ${amountEn}: ${en}`,
          html:
            `<p>Your withdrawal ${id} (${amountEn}) is now <b>${en}</b>. Note: ${note}</p>`
            + `<p><a href="${href}">Withdrawal history</a></p>`,
        },
      },
    },
  });
}
