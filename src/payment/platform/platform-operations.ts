import { AppError, defineOperation, listResultSchema, NotFoundError, type OperationDef, type Principal } from '../../host/sdk/index.js';
import { PLATFORM_GROUP } from '../api/api-groups.js';
import { closePayment } from '../orders/close-payment.js';
import { createPayment } from '../orders/create-payment.js';
import { deleteOrder } from '../orders/delete-orders.js';
import { findByOrderId } from '../orders/find-or-create.js';
import { INITIATE_BODY_SCHEMA, type InitiatePaymentInput } from '../orders/initiate-input.js';
import { listOrders, ORDER_FILTER_QUERY, type OrderFilters } from '../orders/list-orders.js';
import { orderOr404, pageBase, PAYMENT_ID_PARAMS } from '../orders/order-lookup.js';
import { PAYMENT_VIEW_SCHEMA, toView } from '../orders/order-view.js';
import { PaymentInfo } from '../orders/types.js';
import { updatePayment, UPDATE_PAYMENT_BODY, type UpdatePaymentInput } from '../orders/update-payment.js';
import { REFUND_BODY_SCHEMA } from '../refunds/console-operations.js';
import type { RefundDeps } from '../refunds/refund-deps.js';
import { REFUND_VIEW_SCHEMA, toRefundView } from '../refunds/refund-view.js';
import { requestRefund, type RefundRequestInput } from '../refunds/request-refund.js';
import { openEncryptedInitiation } from './encrypted-initiation.js';
import { activeMerchantPlatform } from './merchant-gate.js';
import { merchantOverview } from './merchant-overview.js';

const tags = ['payment-platform'];
const DAY = { type: 'string', format: 'date' };
/** The merchant's filters: no platform and no user (both are the caller), so no query can reach another merchant. */
const { platform: _p, username: _u, ...MERCHANT_FILTERS } = ORDER_FILTER_QUERY;
const NAME_PARAMS = { type: 'object', required: ['name'], properties: { name: PAYMENT_ID_PARAMS.properties.paymentId } };
const ORDER_ID = INITIATE_BODY_SCHEMA.properties.orderId;
const PAYMENT_ID = PAYMENT_ID_PARAMS.properties.paymentId;
/** What a merchant may edit of an order: basic information, never the status (that is the channel's word). */
const { status: _s, reason: _r, ...MERCHANT_UPDATE_PROPS } = UPDATE_PAYMENT_BODY.properties;
const JWE_PATTERN = '^\\s*[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\s*$';
const JWE_STRING = { type: 'string', minLength: 1, maxLength: 65_536, pattern: JWE_PATTERN };

/** An order of the caller's platform, or 404 (another merchant's order is not revealed). */
async function merchantOrder(deps: RefundDeps, platform: string, paymentId: string): Promise<PaymentInfo> {
  const order = await orderOr404(deps, paymentId);
  if (order.spec.platform !== platform) throw new NotFoundError('支付订单', paymentId);
  return order;
}

function payerOf(req: { ip?: string; get(name: string): string | undefined }) {
  return { clientIp: req.ip, userAgent: req.get('user-agent') };
}

/**
 * The merchant platform API (`platform.api.payment.authpay.dev`, payment:platform:manage): every operation
 * first requires the caller's Merchant to be ACTIVE, and the platform of every order it creates or reaches
 * is the caller's user name: no body, query or path value chooses it.
 */
export function platformOperations(deps: RefundDeps): OperationDef[] {
  const platformOf = (principal: Principal) => activeMerchantPlatform(deps, principal);
  const initiate = async (platform: string, input: InitiatePaymentInput, req: Parameters<typeof payerOf>[0]) =>
    toView(await createPayment(deps, input, { platform, username: platform }, payerOf(req)), await pageBase(deps));
  return [
    defineOperation<unknown, InitiatePaymentInput>({
      operationId: 'initiatePayment',
      group: PLATFORM_GROUP,
      method: 'post',
      path: '/initiatePayment',
      tags,
      summary: "Initiate a payment of the merchant (platform = the caller's user name)",
      description:
        'The same initiation as the console createPayment: channel whitelist (当前支付渠道未启用), amount rules, notifyUrl checks.'
        + ' orderId is unique per merchant: the same orderId with the same terms answers the existing unpaid order.'
        + ' Returns the order: paymentId, status, qrCode or payUrl, pageUrl.',
      body: INITIATE_BODY_SCHEMA,
      response: PAYMENT_VIEW_SCHEMA,
      handler: async ({ body, principal, req }) => initiate(await platformOf(principal), body, req),
    }),
    defineOperation<unknown, string | { payload: string }>({
      operationId: 'initiatePaymentEncrypt',
      group: PLATFORM_GROUP,
      method: 'post',
      path: '/initiatePaymentEncrypt',
      tags,
      summary: 'Initiate a payment with an encrypted request: a compact JWE (RSA-OAEP-256, A256GCM) made with the interface public key',
      description:
        'Body: the compact JWE as text/plain, or JSON {"payload": "<compact JWE>"}. The plaintext is the initiatePayment JSON plus'
        + ' timestamp (Unix seconds or milliseconds, within 5 minutes of the server time) and nonce (16-64 of A-Z a-z 0-9 _ -,'
        + ' never reused). Another alg/enc, another key or a tampered token: 400 ENCRYPTED_PAYLOAD_INVALID; an old request:'
        + ' 400 REQUEST_EXPIRED; a nonce seen before: 409 NONCE_REUSED.',
      consumes: ['application/json', 'text/plain'],
      body: {
        oneOf: [JWE_STRING, { type: 'object', additionalProperties: false, required: ['payload'], properties: { payload: JWE_STRING } }],
      },
      response: PAYMENT_VIEW_SCHEMA,
      handler: async ({ body, principal, req }) => {
        const platform = await platformOf(principal);
        const input = await openEncryptedInitiation(deps, platform, typeof body === 'string' ? body : body.payload);
        return initiate(platform, input, req);
      },
    }),
    defineOperation<Omit<OrderFilters, 'platform' | 'username'>>({
      operationId: 'listPaymentInfo',
      group: PLATFORM_GROUP,
      method: 'get',
      path: '/listPaymentInfo',
      tags,
      summary: "The merchant's orders with filters (order number, payment number, status, type, channel, date range), newest first",
      query: { type: 'object', additionalProperties: false, properties: MERCHANT_FILTERS },
      response: listResultSchema(PAYMENT_VIEW_SCHEMA),
      handler: async ({ query, principal }) => {
        const platform = await platformOf(principal);
        return listOrders(deps, { ...query, platform }, await pageBase(deps));
      },
    }),
    defineOperation<{ from?: string; to?: string }>({
      operationId: 'overviewData',
      group: PLATFORM_GROUP,
      method: 'get',
      path: '/overviewData',
      tags,
      summary: "The console overview's figures for the merchant's orders over a date range (default the last 30 days)",
      query: { type: 'object', additionalProperties: false, properties: { from: DAY, to: DAY } },
      handler: async ({ query, principal }) => merchantOverview(deps, await platformOf(principal), query, await pageBase(deps)),
    }),
    defineOperation({
      operationId: 'supportedPaymentChannels',
      group: PLATFORM_GROUP,
      method: 'get',
      path: '/supportedPaymentChannels',
      tags,
      summary: 'The payment types and channels a merchant can initiate now (registered, switched on and whitelisted)',
      response: {
        type: 'object',
        properties: {
          channels: {
            type: 'array',
            items: { type: 'object', properties: { paymentType: { type: 'string' }, paymentChannel: { type: 'string' } } },
          },
        },
      },
      handler: async ({ principal }) => {
        await platformOf(principal);
        const keys = await deps.channels.available();
        return { channels: keys.map((key) => ({ paymentType: key.split(':')[0], paymentChannel: key.split(':')[1] })) };
      },
    }),
    defineOperation({
      operationId: 'getPlatformInterfaceKey',
      group: PLATFORM_GROUP,
      method: 'get',
      path: '/interfacePublicKey',
      tags,
      summary: 'The interface public key (SPKI PEM): encrypts initiatePaymentEncrypt requests and verifies notifyUrl signatures',
      response: { type: 'object', properties: { publicKey: { type: 'string' } } },
      handler: async ({ principal }) => {
        await platformOf(principal);
        const { interfacePublicKey } = await deps.settings.read();
        if (!interfacePublicKey)
          throw new AppError('INTERFACE_KEY_MISSING', '接口密钥未配置', { status: 404, messageEn: 'no interface key pair yet' });
        return { publicKey: interfacePublicKey };
      },
    }),
    defineOperation<{ orderId: string }>({
      operationId: 'queryPaymentByOrderId',
      group: PLATFORM_GROUP,
      method: 'get',
      path: '/queryPaymentByOrderId',
      tags,
      summary: "Status of the merchant's order by the business order number",
      query: { type: 'object', additionalProperties: false, required: ['orderId'], properties: { orderId: ORDER_ID } },
      response: PAYMENT_VIEW_SCHEMA,
      handler: async ({ query, principal }) => {
        const order = await findByOrderId(deps, await platformOf(principal), query.orderId);
        if (!order || !deps.client.wellFormed(PaymentInfo, order)) throw new NotFoundError('支付订单', query.orderId);
        return toView(order, await pageBase(deps));
      },
    }),
    defineOperation<{ paymentId: string }>({
      operationId: 'queryPaymentByPaymentId',
      group: PLATFORM_GROUP,
      method: 'get',
      path: '/queryPaymentByPaymentId',
      tags,
      summary: "Status of the merchant's order by payment number",
      query: { type: 'object', additionalProperties: false, required: ['paymentId'], properties: { paymentId: PAYMENT_ID } },
      response: PAYMENT_VIEW_SCHEMA,
      handler: async ({ query, principal }) =>
        toView(await merchantOrder(deps, await platformOf(principal), query.paymentId), await pageBase(deps)),
    }),
    defineOperation<unknown, { paymentId?: string; orderId?: string }>({
      operationId: 'closePayment',
      group: PLATFORM_GROUP,
      method: 'post',
      path: '/closePayment',
      tags,
      summary: 'Close an unpaid order of the merchant, by paymentId or orderId (closing again changes nothing)',
      body: {
        type: 'object',
        additionalProperties: false,
        minProperties: 1,
        maxProperties: 1,
        properties: { paymentId: PAYMENT_ID, orderId: ORDER_ID },
      },
      response: PAYMENT_VIEW_SCHEMA,
      handler: async ({ body, principal }) => {
        const platform = await platformOf(principal);
        const order = body.paymentId
          ? await merchantOrder(deps, platform, body.paymentId)
          : await findByOrderId(deps, platform, body.orderId!);
        if (!order) throw new NotFoundError('支付订单', body.orderId ?? '');
        return toView(await closePayment(deps, order, 'CLOSE', platform), await pageBase(deps));
      },
    }),
    defineOperation<unknown, Omit<UpdatePaymentInput, 'status' | 'reason'>, { name: string }>({
      operationId: 'updatePlatformPayment',
      group: PLATFORM_GROUP,
      method: 'put',
      path: '/update/:name',
      tags,
      summary: "Edit basic information of the merchant's order (subject, body, notifyUrl, returnUrl, additionalData); name = paymentId",
      params: NAME_PARAMS,
      body: { type: 'object', additionalProperties: false, properties: MERCHANT_UPDATE_PROPS },
      response: PAYMENT_VIEW_SCHEMA,
      handler: async ({ params, body, principal }) => {
        const platform = await platformOf(principal);
        const order = await merchantOrder(deps, platform, params.name);
        return toView(await updatePayment(deps, order, body, platform), await pageBase(deps));
      },
    }),
    defineOperation<unknown, unknown, { name: string }>({
      operationId: 'deletePlatformPayment',
      group: PLATFORM_GROUP,
      method: 'delete',
      path: '/delete/:name',
      tags,
      summary: "Delete the merchant's order (name = paymentId); an unpaid one must be closed first, a settled one is kept",
      params: NAME_PARAMS,
      handler: async ({ params, principal }) => {
        const order = await merchantOrder(deps, await platformOf(principal), params.name);
        if (order.spec.status === 'UNPAID' || order.spec.status === 'PAYING') {
          throw new AppError('ORDER_STILL_OPEN', '请先关闭未支付的订单', {
            status: 409,
            messageEn: 'close the unpaid order before deleting it',
          });
        }
        if (order.spec.settlementName) {
          throw new AppError('ORDER_SETTLED', '订单已结算，不能删除', {
            status: 409,
            messageEn: 'the order belongs to a settlement and cannot be deleted',
          });
        }
        await deleteOrder(deps, order);
        return { deleted: [params.name] };
      },
    }),
    defineOperation<unknown, RefundRequestInput, { name: string }>({
      operationId: 'refundPlatformPayment',
      group: PLATFORM_GROUP,
      method: 'post',
      path: '/refund/:name',
      tags,
      summary: "Refund all or part of the merchant's paid order (name = paymentId), with a reason; same rules as the console refund",
      params: NAME_PARAMS,
      body: REFUND_BODY_SCHEMA,
      response: REFUND_VIEW_SCHEMA,
      handler: async ({ params, body, principal }) => {
        const platform = await platformOf(principal);
        const order = await merchantOrder(deps, platform, params.name);
        return toRefundView(await requestRefund(deps, order, body, { actor: platform, source: 'PLATFORM_API', platform }));
      },
    }),
  ];
}
