import { applyForAuthorization, type ApplicationInput } from '../auth-log/apply-authorization.js';
import type { AuthLog } from '../auth-log/types.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
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
 * transaction: a refused code leaves no new record behind and the code unchanged. The user hears one thing,
 * the outcome (已授权): the application step sends no 待审核 notification of its own.
 */
export async function activateAuthorization(deps: PluginAuthDeps, input: ActivationInput): Promise<AuthLog> {
  const classified = classifyCode(input.code);
  if (!classified) throw codeError('CODE_NOT_FOUND');
  return deps.client.transaction(async () => {
    const { record } = await applyForAuthorization(deps, input, 'USER', { notify: false });
    return classified.kind === 'FREE' ? redeemFreeCode(deps, record, classified.code) : redeemPermanentCode(deps, record, classified.code);
  });
}
