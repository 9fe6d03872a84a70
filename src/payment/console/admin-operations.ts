import { defineOperation, type OperationDef, AppError } from '../../host/sdk/index.js';
import { CONSOLE_GROUP, SYSTEM_PLATFORM } from '../api-groups.js';
import type { PaymentDeps } from '../payment-deps.js';
import { createPayment } from '../orders/create-payment.js';
import { INITIATE_BODY_SCHEMA, type InitiatePaymentInput } from '../orders/initiate-input.js';
import { PAYMENT_VIEW_SCHEMA, toView } from '../orders/order-view.js';
import { FIELDS } from '../settings/payment-settings.js';
import { generateInterfaceKeys } from '../settings/interface-keys.js';
import { pageBase } from './order-lookup.js';
import { paymentOverview } from './overview.js';
import { readSettingsView, writeSettings } from './payment-settings-view.js';

const tags = ['payment-console'];
const DAY = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };

interface TestPaymentInput {
  paymentType: string;
  paymentChannel: string;
  paymentAmount?: number | string;
  subject?: string;
  currency?: string;
  returnUrl?: string;
}

/** Console: initiation port, test payment, overview, interface keys, settings and channels. */
export function adminOperations(deps: PaymentDeps): OperationDef[] {
  return [
    defineOperation<unknown, InitiatePaymentInput>({
      operationId: 'createPayment', group: CONSOLE_GROUP, method: 'post', path: '/payments', tags,
      summary: 'Initiate a payment of the site itself (system platform); the body is the spec\'s initiatePayment',
      description: 'Returns the order in data: paymentId, status, and qrCode or payUrl (pageUrl is our payment page). A second call with the same orderId returns the existing unpaid order.',
      body: INITIATE_BODY_SCHEMA, response: PAYMENT_VIEW_SCHEMA,
      handler: async ({ body, principal, req }) => toView(await createPayment(deps, body, { platform: SYSTEM_PLATFORM, username: principal.username }, { clientIp: req.ip, userAgent: req.get('user-agent') }), await pageBase(deps)),
    }),
    defineOperation<unknown, TestPaymentInput>({
      operationId: 'testPayment', group: CONSOLE_GROUP, method: 'post', path: '/test-payment', tags,
      summary: 'Initiate a small system order on any enabled channel (default 0.01) to try a configuration',
      body: { type: 'object', additionalProperties: false, required: ['paymentType', 'paymentChannel'], properties: { paymentType: { type: 'string', maxLength: 32 }, paymentChannel: { type: 'string', maxLength: 32 }, paymentAmount: { type: ['number', 'string'] }, subject: { type: 'string', minLength: 1, maxLength: 256 }, currency: { type: 'string', pattern: '^[A-Za-z]{3}$' }, returnUrl: { type: 'string', maxLength: 2048 } } },
      response: PAYMENT_VIEW_SCHEMA,
      handler: async ({ body, principal }) => {
        const input: InitiatePaymentInput = { orderId: `test-${deps.now().getTime()}-${Math.floor(Math.random() * 1e6)}`, subject: body.subject ?? '测试支付', paymentAmount: body.paymentAmount ?? '0.01', paymentType: body.paymentType, paymentChannel: body.paymentChannel, currency: body.currency, returnUrl: body.returnUrl, additionalData: { test: true } };
        return toView(await createPayment(deps, input, { platform: SYSTEM_PLATFORM, username: principal.username }), await pageBase(deps));
      },
    }),
    defineOperation<{ from?: string; to?: string }>({
      operationId: 'getPaymentOverview', group: CONSOLE_GROUP, method: 'get', path: '/overview', tags,
      summary: 'Totals (orders, amount, successful count and amount), daily trend and recent successful orders over a date range',
      query: { type: 'object', additionalProperties: false, properties: { from: DAY, to: DAY } },
      handler: async ({ query }) => paymentOverview(deps, query, await pageBase(deps)),
    }),
    defineOperation({
      operationId: 'generateInterfaceKeys', group: CONSOLE_GROUP, method: 'post', path: '/interface-keys', tags,
      summary: 'Generate a new interface RSA 2048 key pair (replaces the old one); answers the public key',
      handler: async () => {
        const pair = await generateInterfaceKeys();
        await deps.settings.write({ interfacePrivateKey: pair.privateKeyPem, interfacePublicKey: pair.publicKeyPem });
        return { publicKey: pair.publicKeyPem, algorithm: 'RSA-2048' };
      },
    }),
    defineOperation<{ format?: 'json' | 'pem' }>({
      operationId: 'getInterfacePublicKey', group: CONSOLE_GROUP, method: 'get', path: '/interface-keys/public', tags,
      summary: 'The interface public key (SPKI PEM); format=pem downloads it as a file',
      query: { type: 'object', additionalProperties: false, properties: { format: { type: 'string', enum: ['json', 'pem'], default: 'json' } } },
      produces: ['application/json', 'application/x-pem-file'],
      handler: async ({ query, res }) => {
        const { interfacePublicKey } = await deps.settings.read();
        if (!interfacePublicKey) throw new AppError('INTERFACE_KEY_MISSING', '接口密钥未配置', { status: 404, messageEn: 'no interface key pair yet; generate one first' });
        if (query.format !== 'pem') return { publicKey: interfacePublicKey };
        res.set('Content-Disposition', 'attachment; filename="authpay-interface-public-key.pem"').type('application/x-pem-file').send(interfacePublicKey);
        return undefined;
      },
    }),
    defineOperation({
      operationId: 'getPaymentSettings', group: CONSOLE_GROUP, method: 'get', path: '/settings', tags,
      summary: 'Payment settings as one flat object (secrets masked) with the channels usable now',
      handler: () => readSettingsView(deps),
    }),
    defineOperation<unknown, Record<string, unknown>>({
      operationId: 'updatePaymentSettings', group: CONSOLE_GROUP, method: 'put', path: '/settings', tags,
      summary: 'Change payment settings: a partial flat object (sandboxEnabled, supportedChannels as TYPE:CHANNEL, timeoutMinutes, allowPrivateNotifyTargets, credentials, …); "******" keeps a secret',
      body: { type: 'object', additionalProperties: false, properties: Object.fromEntries(Object.keys(FIELDS).map((k) => [k, {}])) },
      handler: ({ body }) => writeSettings(deps, body),
    }),
    defineOperation({
      operationId: 'listPaymentChannels', group: CONSOLE_GROUP, method: 'get', path: '/channels', tags,
      summary: 'Every TYPE:CHANNEL of the registered services and whether each is usable now',
      handler: async () => {
        const available = new Set(await deps.channels.available());
        return deps.channels.registry.channelKeys().map((key) => ({ key, paymentType: key.split(':')[0], paymentChannel: key.split(':')[1], available: available.has(key) }));
      },
    }),
  ];
}
