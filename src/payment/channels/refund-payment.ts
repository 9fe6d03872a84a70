import type { PaymentChannel } from './channel.js';
import { ChannelError } from './errors.js';
import type { ChannelOrder, RefundRequest, RefundResult } from './types.js';

/** Refunds through the adapter, or throws NOT_SUPPORTED when the adapter offers no refunds. */
export async function refundPayment(channel: PaymentChannel, order: ChannelOrder, refund: RefundRequest): Promise<RefundResult> {
  if (channel.refund === undefined) {
    throw new ChannelError('NOT_SUPPORTED', `支付服务 ${channel.id} 不支持退款`, {
      messageEn: `payment type ${channel.id} does not support refunds`,
    });
  }
  return channel.refund(order, refund);
}
