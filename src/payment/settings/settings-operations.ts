import { AppError, defineOperation, type OperationDef } from '../../host/sdk/index.js';
import { CONSOLE_GROUP } from '../api/api-groups.js';
import { generateInterfaceKeys } from './interface-keys.js';
import { FIELDS } from './payment-settings.js';
import { readSettingsView, writeSettings, type SettingsViewDeps } from './settings-view.js';

const tags = ['payment-console'];

/** Console: interface keys, settings and channels (payment:console:manage). */
export function settingsOperations(deps: SettingsViewDeps): OperationDef[] {
  return [
    defineOperation({
      operationId: 'generateInterfaceKeys',
      group: CONSOLE_GROUP,
      method: 'post',
      path: '/interface-keys',
      tags,
      summary: 'Generate a new interface RSA 2048 key pair (replaces the old one); answers the public key',
      handler: async () => {
        const pair = await generateInterfaceKeys();
        await deps.settings.write({ interfacePrivateKey: pair.privateKeyPem, interfacePublicKey: pair.publicKeyPem });
        return { publicKey: pair.publicKeyPem, algorithm: 'RSA-2048' };
      },
    }),
    defineOperation<{ format?: 'json' | 'pem' }>({
      operationId: 'getInterfacePublicKey',
      group: CONSOLE_GROUP,
      method: 'get',
      path: '/interface-keys/public',
      tags,
      summary: 'The interface public key (SPKI PEM); format=pem downloads it as a file',
      query: {
        type: 'object',
        additionalProperties: false,
        properties: { format: { type: 'string', enum: ['json', 'pem'], default: 'json' } },
      },
      produces: ['application/json', 'application/x-pem-file'],
      handler: async ({ query, res }) => {
        const { interfacePublicKey } = await deps.settings.read();
        if (!interfacePublicKey)
          throw new AppError('INTERFACE_KEY_MISSING', '接口密钥未配置', {
            status: 404,
            messageEn: 'no interface key pair yet; generate one first',
          });
        if (query.format !== 'pem') return { publicKey: interfacePublicKey };
        res
          .set('Content-Disposition', 'attachment; filename="authpay-interface-public-key.pem"')
          .type('application/x-pem-file')
          .send(interfacePublicKey);
        return undefined;
      },
    }),
    defineOperation({
      operationId: 'getPaymentSettings',
      group: CONSOLE_GROUP,
      method: 'get',
      path: '/settings',
      tags,
      summary:
        'Payment settings as one flat object (secrets masked) with the channels usable now and, per registered service, enabled and ready',
      handler: () => readSettingsView(deps),
    }),
    defineOperation<unknown, Record<string, unknown>>({
      operationId: 'updatePaymentSettings',
      group: CONSOLE_GROUP,
      method: 'put',
      path: '/settings',
      tags,
      summary:
        'Change payment settings: a partial flat object (sandboxEnabled, supportedChannels as TYPE:CHANNEL, timeoutMinutes,'
        + ' allowPrivateNotifyTargets, credentials, …); "******" keeps a secret; a service left enabled needs valid credentials',
      body: { type: 'object', additionalProperties: false, properties: Object.fromEntries(Object.keys(FIELDS).map((k) => [k, {}])) },
      handler: ({ body }) => writeSettings(deps, body),
    }),
    defineOperation({
      operationId: 'listPaymentChannels',
      group: CONSOLE_GROUP,
      method: 'get',
      path: '/channels',
      tags,
      summary: 'Every TYPE:CHANNEL of the registered services and whether each is usable now',
      handler: async () => {
        const available = new Set(await deps.channels.available());
        return deps.channels.registry
          .channelKeys()
          .map((key) => ({ key, paymentType: key.split(':')[0], paymentChannel: key.split(':')[1], available: available.has(key) }));
      },
    }),
  ];
}
