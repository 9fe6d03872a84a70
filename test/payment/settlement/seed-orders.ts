import { randomBytes } from 'node:crypto';
import type { ExtensionClient } from '../../../src/host/client/extension-client.js';
import { PaymentInfo } from '../../../src/payment/orders/types.js';

/**
 * `count` paid orders of a merchant written straight into a store, 1,000 per transaction (for the big settlement
 * runs of the crash test and bench:merchant). Amounts cycle through 1.00 … 9.99 so sums are easy to recompute.
 */
export async function seedPaidOrders(client: ExtensionClient, platform: string, count: number, prefix = 'seed'): Promise<number> {
  let totalMinor = 0;
  const paidAt = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const tag = randomBytes(3).toString('hex');
  for (let start = 0; start < count; start += 1000) {
    await client.transaction(async () => {
      for (let i = start; i < Math.min(count, start + 1000); i++) {
        const amount = 100 + (i % 900);
        totalMinor += amount;
        const paymentId = `p20261125${prefix}${tag}${i.toString().padStart(7, '0')}`;
        await client.create(PaymentInfo, {
          metadata: { name: paymentId },
          spec: {
            orderId: `o-${paymentId}`,
            paymentId,
            subject: 'bench',
            paymentAmount: amount,
            currency: 'CNY',
            paymentType: 'SANDBOX',
            paymentChannel: 'SIMULATED',
            platform,
            username: platform,
            status: 'SUCCESS',
            paidAt,
          },
        });
      }
    });
  }
  return totalMinor;
}
