import { defineOperation, multiLineText, singleLineText, type Language, type OperationDef } from '../../host/sdk/index.js';
import { UC_GROUP } from '../api/api-groups.js';
import { PAYMENT_VIEW_SCHEMA } from '../orders/order-view.js';
import type { MerchantDeps } from './merchant-deps.js';
import { MERCHANT_VIEW_SCHEMA, toOwnMerchantView } from './merchant-view.js';
import { myMerchant, onboard, type OnboardInput, type OnboardResult } from './onboarding.js';

const tags = ['payment-uc'];

const ONBOARD_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['merchantName', 'contactPerson', 'contactPhone', 'contactEmail', 'businessType', 'agreementAccepted'],
  properties: {
    merchantName: singleLineText(128, 1),
    contactPerson: singleLineText(64, 1),
    contactPhone: {
      type: 'string',
      minLength: 5,
      maxLength: 32,
      pattern: '^\\+?[0-9][0-9 ()-]*[0-9]$',
      description: 'digits, optional leading +, spaces, dashes, parentheses',
    },
    contactEmail: { type: 'string', format: 'email', maxLength: 254 },
    businessType: singleLineText(64, 1),
    description: multiLineText(2000),
    agreementAccepted: { type: 'boolean', description: 'must be true: the agreement terms were read and accepted' },
    paymentType: {
      type: 'string',
      minLength: 1,
      maxLength: 32,
      description: 'channel of the account-opening fee order (default: the first usable)',
    },
    paymentChannel: { type: 'string', minLength: 1, maxLength: 32 },
  },
};

const ONBOARD_RESPONSE = {
  type: 'object',
  properties: {
    merchant: MERCHANT_VIEW_SCHEMA,
    feeOrder: PAYMENT_VIEW_SCHEMA,
    paymentId: { type: 'string', description: 'the unpaid account-opening fee order' },
    payUrl: { type: 'string', description: 'its payment page' },
  },
};

/** The user's own merchant: administrators appear as the platform (merchant-view.ts). */
function answer(result: OnboardResult, language: Language) {
  return { ...result, merchant: result.merchant ? toOwnMerchantView(result.merchant, language) : undefined };
}

/** User center (payment:uc:manage): onboarding and the caller's own merchant. */
export function merchantUcOperations(deps: MerchantDeps): OperationDef[] {
  return [
    defineOperation<unknown, OnboardInput>({
      operationId: 'onboardMerchant',
      group: UC_GROUP,
      method: 'post',
      path: '/merchant',
      tags,
      summary:
        'Apply to become a merchant (one per user). With an account-opening fee the answer carries the fee order (paymentId, payUrl);'
        + ' the merchant is created when it is paid',
      body: ONBOARD_BODY,
      response: ONBOARD_RESPONSE,
      handler: async ({ body, principal, req, language }) =>
        answer(await onboard(deps, principal.username, body, { clientIp: req.ip, userAgent: req.get('user-agent'), language }), language),
    }),
    defineOperation({
      operationId: 'getMyMerchant',
      group: UC_GROUP,
      method: 'get',
      path: '/merchant',
      tags,
      summary:
        'My merchant (or my unpaid account-opening fee order) and what the onboarding form shows: notice, terms, business types, fee',
      handler: async ({ principal, language }) => {
        const s = await deps.merchantSettings.read();
        return {
          ...answer(await myMerchant(deps, principal.username, language), language),
          onboarding: {
            enabled: s.enabled,
            onboardingOpen: s.onboardingOpen,
            reviewRequired: s.reviewRequired,
            accountOpeningFee: s.accountOpeningFee,
            businessTypes: s.businessTypes,
            agreementTerms: s.agreementTerms,
            onboardingNotice: s.onboardingNotice,
          },
        };
      },
    }),
  ];
}
