import { yamlFlowBomb } from './generators/bodies.js';
import { nested } from './generators/structures.js';
import { VALID_SAMPLES } from '../extensions/samples.js';
import { SEED_NAME } from './walker/generic-walker.js';
import type { Caller, Target } from './walker/target.js';

/**
 * The reproductions of issue 21, each a named request the suite sends unmutated and judges like any other
 * (a failure is reported as target "regression: <name>", family any-input). Steps run in order; only the
 * last one is judged. They run before the fuzzing, on a fresh server, and clean up what they leave behind.
 */
export interface Regression {
  name: string;
  caller: Caller;
  steps: Target[];
  /** Sent as the administrator afterwards, so a malformed object does not break the fuzzing that follows. */
  cleanup?: Target[];
}

const CONSOLE_HOST = '/apis/console.api.host.authpay.dev/v1alpha1';
const CONSOLE_PAYMENT = '/apis/console.api.payment.authpay.dev/v1alpha1';
const UC_PAYMENT = '/apis/uc.api.payment.authpay.dev/v1alpha1';
const UC_PLUGIN_AUTH = '/apis/uc.api.pluginauth.authpay.dev/v1alpha1';
const SITE_PLUGINS = '/apis/pluginauth.authpay.dev/v1alpha1/siteplugins';
const AUTH_LOGS = '/apis/pluginauth.authpay.dev/v1alpha1/sitepluginauthlogs';
const CONSOLE_PLUGIN_AUTH = '/apis/console.api.pluginauth.authpay.dev/v1alpha1';
const HUGE = '99999999999999999999';

function request(name: string, method: string, path: string, body?: { contentType: string; value: unknown }): Target {
  return {
    id: `regression: ${name}`,
    method,
    pathTemplate: path,
    pathParams: {},
    query: {},
    queryNames: [],
    body,
    bodyFields: [],
    natural: 'admin',
    sweep: 'full',
  };
}

function single(name: string, caller: Caller, method: string, path: string, body?: { contentType: string; value: unknown }): Regression {
  return { name, caller, steps: [request(name, method, path, body)] };
}

const json = (value: unknown) => ({ contentType: 'application/json', value });

export const REGRESSIONS: Regression[] = [
  single('truncated percent-encoding in the API group', 'anonymous', 'GET', '/apis/%E0%A4%A/v1/x'),
  single('page beyond safe integers on listMyPayments', 'user', 'GET', `${UC_PAYMENT}/payments?page=${HUGE}`),
  single('page beyond safe integers on listUsers', 'admin', 'GET', `${CONSOLE_HOST}/users?page=${HUGE}`),
  single('page beyond safe integers on listPayments', 'admin', 'GET', `${CONSOLE_PAYMENT}/payments?page=${HUGE}`),
  single('page beyond safe integers on listJobRuns', 'admin', 'GET', `${CONSOLE_HOST}/jobruns?page=${HUGE}`),
  single('limit beyond safe integers on a generic list', 'admin', 'GET', `${SITE_PLUGINS}?limit=${HUGE}`),
  single(
    'additionalData nested 5,000 levels on createPayment',
    'admin',
    'POST',
    `${CONSOLE_PAYMENT}/payments`,
    json({
      orderId: 'fuzz-a1',
      subject: 'deep',
      paymentAmount: 1,
      paymentType: 'SANDBOX',
      paymentChannel: 'SIMULATED',
      additionalData: nested(5_000, 'object'),
    }),
  ),
  single('merge patch nested 5,000 levels', 'admin', 'PATCH', `${SITE_PLUGINS}/${SEED_NAME}`, {
    contentType: 'application/merge-patch+json',
    value: { spec: { description: nested(5_000, 'object') } },
  }),
  single('JSON patch value nested 5,000 levels', 'admin', 'PATCH', `${SITE_PLUGINS}/${SEED_NAME}`, {
    contentType: 'application/json-patch+json',
    value: [{ op: 'add', path: '/metadata/labels', value: nested(5_000, 'object') }],
  }),
  single('YAML alias bomb in a PaymentInfo', 'admin', 'POST', '/apis/payment.authpay.dev/v1alpha1/paymentinfos', {
    contentType: 'application/yaml',
    value: {
      apiVersion: 'payment.authpay.dev/v1alpha1',
      kind: 'PaymentInfo',
      metadata: { name: 'fuzz-a1-bomb' },
      spec: { ...(VALID_SAMPLES.PaymentInfo.spec as Record<string, unknown>), additionalData: yamlFlowBomb(5, 9) },
    },
  }),
  {
    name: 'a SitePluginAuthLog patched to spec null, then listAuthLogs',
    caller: 'admin',
    steps: [
      request('spec null (set-up)', 'PATCH', `${AUTH_LOGS}/${SEED_NAME}`, {
        contentType: 'application/merge-patch+json',
        value: { spec: null },
      }),
      request('a SitePluginAuthLog patched to spec null, then listAuthLogs', 'GET', `${CONSOLE_PLUGIN_AUTH}/authlogs`),
    ],
    cleanup: [
      request('restore the spec', 'PATCH', `${AUTH_LOGS}/${SEED_NAME}`, {
        contentType: 'application/merge-patch+json',
        value: { spec: VALID_SAMPLES.SitePluginAuthLog.spec },
      }),
    ],
  },
  {
    name: 'a SitePlugin without spec, then the user-center catalog',
    caller: 'user',
    steps: [
      request('a SitePlugin without spec (set-up)', 'POST', SITE_PLUGINS, {
        contentType: 'application/json',
        value: { apiVersion: 'pluginauth.authpay.dev/v1alpha1', kind: 'SitePlugin', metadata: { name: 'fuzz-no-spec' } },
      }),
      request('a SitePlugin without spec, then the user-center catalog', 'GET', `${UC_PLUGIN_AUTH}/catalog`),
    ],
    // Its finalizer never completes on an object without spec (delete answers 200, the object stays): drop it.
    cleanup: [
      request('delete the SitePlugin without spec', 'DELETE', `${SITE_PLUGINS}/fuzz-no-spec`),
      request('drop its finalizer', 'PATCH', `${SITE_PLUGINS}/fuzz-no-spec`, {
        contentType: 'application/merge-patch+json',
        value: { metadata: { finalizers: null } },
      }),
    ],
  },
];
