import type { Principal } from '../../auth/principal.js';
import { AppError } from '../../errors/app-error.js';
import type { RequestAttributes } from './request-info.js';

/**
 * Decides whether a caller may perform a generic-API request; throws UNAUTHORIZED (no or unknown
 * credentials) or FORBIDDEN (known caller, not allowed). The users/RBAC layer supplies its own guard
 * through GenericApiOptions.guard; this default is the interim rule.
 */
export type GenericApiGuard = (principal: Principal | undefined, request: RequestAttributes) => void | Promise<void>;

/**
 * Interim rule until users and roles exist: any authenticated caller (today only the bootstrap token sets
 * a non-anonymous principal) may do everything; anonymous callers get 401.
 */
export const authenticatedOnly: GenericApiGuard = (principal) => {
  if (!principal || principal.anonymous) {
    throw new AppError('UNAUTHORIZED', 'Unauthorized', { headers: { 'WWW-Authenticate': 'Bearer realm="authpay"' } });
  }
};
