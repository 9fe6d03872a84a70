import { defineOperation, type OperationDef } from '../../host/sdk/index.js';
import { UC_GROUP } from '../api/api-groups.js';
import type { PaymentDeps } from '../deps/payment-deps.js';

const CHANNEL = {
  type: 'object',
  properties: {
    paymentType: { type: 'string' },
    paymentChannel: { type: 'string' },
  },
};

/**
 * User center (payment:uc:manage): the channels a buyer may pick at a checkout — registered, switched on and
 * whitelisted (supportedChannels), in registration order. Credentials are not shown.
 */
export function checkoutUcOperations(deps: PaymentDeps): OperationDef[] {
  return [
    defineOperation({
      operationId: 'listCheckoutChannels',
      group: UC_GROUP,
      method: 'get',
      path: '/checkout-channels',
      tags: ['payment-uc'],
      summary: 'The payment channels usable now (TYPE and CHANNEL), for the channel picker of a checkout',
      response: { type: 'object', required: ['items'], properties: { items: { type: 'array', items: CHANNEL } } },
      handler: async () => {
        const keys = await deps.channels.available();
        return { items: keys.map((key) => ({ paymentType: key.split(':')[0], paymentChannel: key.split(':')[1] })) };
      },
    }),
  ];
}
