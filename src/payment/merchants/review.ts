import { escapeHtml } from '../../host/sdk/index.js';
import type { MerchantDeps } from './merchant-deps.js';
import { illegalMove, merchantNotFound } from './merchant-errors.js';
import { MERCHANT_STATUS_WORDS } from './status-words.js';
import { MAX_DECISIONS, Merchant, type MerchantDecision, type MerchantStatus } from './types.js';

/** The administrator's moves: from which status each may start and where it leads. */
export const MOVES = {
  approve: { from: 'PENDING', to: 'ACTIVE', zh: '审核通过', en: 'approve' },
  reject: { from: 'PENDING', to: 'REJECTED', zh: '审核拒绝', en: 'reject' },
  suspend: { from: 'ACTIVE', to: 'SUSPENDED', zh: '停用', en: 'suspend' },
  activate: { from: 'SUSPENDED', to: 'ACTIVE', zh: '启用', en: 'activate' },
} as const satisfies Record<string, { from: MerchantStatus; to: MerchantStatus; zh: string; en: string }>;

export type MoveName = keyof typeof MOVES;

/**
 * Moves a merchant (compare-and-set on its resourceVersion, so two administrators cannot both move it) and
 * queues the merchant user's inbox + e-mail message in the same transaction. A move already made (the
 * merchant is at its target status and the move could have led there) answers the merchant unchanged; any
 * other status is refused naming it. Each move is appended to the merchant's history (who, when, remark). The
 * role binding follows through the reconciler.
 */
export async function moveMerchant(deps: MerchantDeps, name: string, move: MoveName, remark: string, by: string): Promise<Merchant> {
  const rule = MOVES[move];
  return deps.client.transaction(async () => {
    const current = await deps.client.fetch(Merchant, name);
    if (!current) throw merchantNotFound(name);
    if (current.spec.status === rule.to) return current;
    if (current.spec.status !== rule.from) throw illegalMove(rule, current.spec.status);
    const at = new Date(deps.clock.now()).toISOString();
    const decision: MerchantDecision = { action: move, from: current.spec.status, to: rule.to, by, at, ...(remark ? { remark } : {}) };
    const history = [...(current.spec.history ?? []), decision].slice(-MAX_DECISIONS);
    const moved = await deps.client.patch(Merchant, name, {
      metadata: { resourceVersion: current.metadata.resourceVersion },
      spec: { status: rule.to, reviewRemark: remark, reviewedBy: by, reviewedAt: at, history },
    });
    await notifyMerchantUser(deps, moved);
    return moved;
  });
}

/** Tells the merchant user about a decision (inbox and e-mail, in their language; a user who is gone gets nothing). */
export async function notifyMerchantUser(deps: MerchantDeps, merchant: Merchant): Promise<void> {
  const s = merchant.spec;
  const [zh, en] = [MERCHANT_STATUS_WORDS['zh-CN'][s.status], MERCHANT_STATUS_WORDS.en[s.status]];
  const remark = s.reviewRemark ? escapeHtml(s.reviewRemark) : '-';
  const link = `${deps.siteUrl.replace(/\/+$/, '')}/uc/`;
  const name = escapeHtml(s.merchantName);
  const href = escapeHtml(link);
  await deps.notifications.send({
    to: [{ username: s.username }],
    missingUsers: 'skip',
    dedupeKey: `merchant-status:${merchant.metadata.name}:${merchant.metadata.resourceVersion}`,
    content: {
      title: `商户状态：${zh}`,
      html: `<p>您的商户「${name}」状态已变更为 <b>${zh}</b>。备注：${remark}</p><p><a href="${href}">用户中心</a></p>`,
      i18n: {
        en: {
          title: `Merchant status: ${en}`,
          html: `<p>Your merchant "${name}" is now <b>${en}</b>. Remark: ${remark}</p>` + `<p><a href="${href}">User center</a></p>`,
        },
      },
    },
  });
}
