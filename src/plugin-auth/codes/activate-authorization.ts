import { applyForAuthorization, type ApplicationInput } from '../auth-log/apply-authorization.js';
import type { AuthLog } from '../auth-log/types.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { codeLock, userDomainsLock } from '../deps/lock-keys.js';
import { classifyCode } from './classify-code.js';
import { codeError } from './code-errors.js';
import { redeemFreeCode, redeemPermanentCode } from './redeem-codes.js';

export interface ActivationInput extends ApplicationInput {
  /** A temporary free code (8 symbols) or a permanent code (20 symbols), told apart by length. */
  code: string;
}

/**
 * Activation by code (user center; the public API of issue 5 may call it too). The record is created first
 * under the application rules when absent (limit, entitlement), then the code is redeemed. Everything is one
 * transaction: a refused code leaves no new record behind and the code unchanged. The code's lock is taken
 * first (with the application's, in the store's sorted order), so of concurrent redemptions of one code, in
 * any process, one succeeds and the others find it used (CODE_USED). The user hears one thing,
 * the outcome (已授权): the application step sends no 待审核 notification of its own.
 */
export async function activateAuthorization(deps: PluginAuthDeps, input: ActivationInput): Promise<AuthLog> {
  const classified = classifyCode(input.code);
  if (!classified) throw codeError('CODE_NOT_FOUND');
  return deps.client.transaction(async () => {
    await deps.client.lock(codeLock(classified.code), userDomainsLock(input.pluginKey, input.user));
    const { record } = await applyForAuthorization(deps, input, 'USER', { notify: false });
    return classified.kind === 'FREE' ? redeemFreeCode(deps, record, classified.code) : redeemPermanentCode(deps, record, classified.code);
  });
}
