import { defineOperation, type OperationDef } from '../../host/sdk/index.js';
import { UC_GROUP } from '../api/groups.js';
import { TAGS } from '../api/tags.js';
import { PLUGIN_KEY } from '../catalog/schemas.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { checkoutPlugin } from './checkout-plugin.js';

const CHANNEL_WORD = { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_]+$' };

const CHECKOUT_ANSWER = {
  type: 'object',
  properties: {
    paymentId: { type: 'string' },
    orderId: { type: 'string' },
    payUrl: { type: 'string', description: 'the payment page of the order: send the buyer there' },
    subject: { type: 'string' },
    amount: { type: 'string', description: 'decimal, e.g. 99.00' },
    currency: { type: 'string' },
    paymentType: { type: 'string' },
    paymentChannel: { type: 'string' },
    status: { type: 'string', description: 'the order status: UNPAID or PAYING while it waits to be paid' },
    expiresAt: { type: 'string' },
    pluginKey: { type: 'string' },
    reused: { type: 'boolean', description: 'an open order of this plugin was answered instead of a new one' },
  },
};

/** User center (plugin:plugin-auth-user:manage): buying a paid catalog plugin (docs/plugin-purchase.md). */
export function purchaseOperations(deps: PluginAuthDeps): OperationDef[] {
  return [
    defineOperation<unknown, { pluginKey: string; paymentType: string; paymentChannel: string }>({
      operationId: 'checkoutPlugin',
      group: UC_GROUP,
      method: 'post',
      path: '/checkouts',
      tags: TAGS.userCenter,
      summary: 'Buy a paid plugin: a system payment order for the caller (or their open one of this plugin), to be paid at payUrl',
      description:
        'The amount is the plugin price (CNY). When the order is paid the caller holds a permanent entitlement for the plugin;'
        + ' a full refund withdraws it. Free and limited-time free plugins are not sold (PLUGIN_NOT_FOR_SALE).',
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['pluginKey', 'paymentType', 'paymentChannel'],
        properties: { pluginKey: PLUGIN_KEY, paymentType: CHANNEL_WORD, paymentChannel: CHANNEL_WORD },
      },
      response: CHECKOUT_ANSWER,
      handler: ({ body, principal, req, language }) =>
        checkoutPlugin(deps, { ...body, user: principal.username, language, clientIp: req.ip, userAgent: req.get('user-agent') }),
    }),
  ];
}
