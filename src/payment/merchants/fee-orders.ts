import { and, eq, gt, lt } from '../../host/sdk/index.js';
import { PaymentInfo, SYSTEM_PLATFORM } from '../orders/types.js';
import type { MerchantDeps } from './merchant-deps.js';

/** What the user submitted at onboarding, kept with the fee order until it is paid. */
export interface MerchantApplication {
  merchantName: string;
  contactPerson: string;
  contactPhone: string;
  contactEmail: string;
  businessType: string;
  description?: string;
}

/** Fee orders are system orders numbered `merchant-fee.<user>.<attempt>`; a closed one makes room for the next attempt. */
const FEE_PREFIX = 'merchant-fee.';

export function feeOrderId(username: string, attempt: number): string {
  return `${FEE_PREFIX}${username}.${attempt}`;
}

export function isFeeOrder(order: PaymentInfo): boolean {
  return order.spec.platform === SYSTEM_PLATFORM && order.spec.orderId.startsWith(FEE_PREFIX) && !!applicationOf(order);
}

export function applicationOf(order: PaymentInfo): MerchantApplication | undefined {
  const caller = order.spec.additionalData?.caller as { merchantApplication?: MerchantApplication } | undefined;
  return caller?.merchantApplication;
}

/** The user's fee orders, oldest attempt first (a range on the indexed order number, then an exact prefix check). */
export async function feeOrdersOf(deps: MerchantDeps, username: string): Promise<PaymentInfo[]> {
  const prefix = `${FEE_PREFIX}${username}.`;
  const page = await deps.client.list(PaymentInfo, {
    where: and(eq('spec.platform', SYSTEM_PLATFORM), gt('spec.orderId', prefix), lt('spec.orderId', `${FEE_PREFIX}${username}/`)),
    page: 1,
    size: 200,
  });
  return page.items
    .filter((o) => /^\d+$/.test(o.spec.orderId.slice(prefix.length)) && o.spec.username === username)
    .sort((a, b) => Number(a.spec.orderId.slice(prefix.length)) - Number(b.spec.orderId.slice(prefix.length)));
}

/** Every paid fee order of any user (start-up catch-up for a payment whose follow-up was lost in a crash). */
export async function* paidFeeOrders(deps: MerchantDeps): AsyncGenerator<PaymentInfo> {
  const where = and(
    eq('spec.platform', SYSTEM_PLATFORM),
    eq('spec.status', 'SUCCESS'),
    gt('spec.orderId', FEE_PREFIX),
    lt('spec.orderId', 'merchant-fee/'),
  );
  for await (const order of deps.client.listAll(PaymentInfo, where)) if (isFeeOrder(order)) yield order;
}
