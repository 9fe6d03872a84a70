import { defineOperation, HostRole, type OperationDef } from '../../host/sdk/index.js';
import { CONSOLE_GROUP } from '../api/api-groups.js';
import type { MerchantDeps } from './merchant-deps.js';
import { invalidField } from './merchant-errors.js';
import { MERCHANT_FIELDS } from './merchant-settings.js';

const tags = ['payment-console'];

/** getMerchantSettings / updateMerchantSettings: the merchant platform settings as one flat object. */
export function merchantSettingsOperations(deps: MerchantDeps): OperationDef[] {
  const read = async () => ({ ...(await deps.merchantSettings.read()), forms: await deps.merchantSettings.flat.forms() });
  return [
    defineOperation({
      operationId: 'getMerchantSettings',
      group: CONSOLE_GROUP,
      method: 'get',
      path: '/merchant-settings',
      tags,
      summary: 'Merchant platform settings as one flat object, with the form to render them',
      handler: read,
    }),
    defineOperation<unknown, Record<string, unknown>>({
      operationId: 'updateMerchantSettings',
      group: CONSOLE_GROUP,
      method: 'put',
      path: '/merchant-settings',
      tags,
      summary:
        'Change merchant platform settings: a partial flat object (enabled, onboardingOpen, reviewRequired, merchantRole,'
        + ' accountOpeningFee as a decimal string, defaultFeeRate as a percent string such as "0.60", businessTypes,'
        + ' agreementTerms (sanitised), …)',
      body: {
        type: 'object',
        additionalProperties: false,
        properties: Object.fromEntries(Object.keys(MERCHANT_FIELDS).map((k) => [k, {}])),
      },
      handler: async ({ body }) => {
        if (typeof body.merchantRole === 'string' && !(await deps.client.fetch(HostRole, body.merchantRole)))
          throw invalidField('merchantRole', `角色「${body.merchantRole}」不存在`, `role "${body.merchantRole}" does not exist`);
        await deps.merchantSettings.write(body);
        return read();
      },
    }),
  ];
}
