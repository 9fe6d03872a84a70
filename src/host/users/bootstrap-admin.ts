import crypto from 'node:crypto';
import type { ExtensionClient } from '../client/extension-client.js';
import { AppError } from '../errors/app-error.js';
import type { Logger } from '../logging/logger.js';
import { bindRole } from '../rbac/role-grants.js';
import { SUPER_ROLE } from '../rbac/types.js';
import type { UserService } from './user-service.js';

export const ADMIN_USER = 'admin';

/**
 * First start: creates `admin` bound to super-role. The password comes from AUTHPAY_ADMIN_PASSWORD, else it
 * is generated and written once to stdout (never to the log). An existing admin is left alone, so
 * changing the variable later does not reset a password.
 */
export async function ensureAdmin(
  client: ExtensionClient,
  users: UserService,
  logger: Logger,
  configured?: string,
  out: (line: string) => void = (l) => process.stdout.write(l),
): Promise<boolean> {
  if (await users.exists(ADMIN_USER)) return false;
  const password = configured ?? crypto.randomBytes(18).toString('base64url');
  try {
    await users.create({ username: ADMIN_USER, email: 'admin@localhost.localdomain', password, displayName: 'Administrator' });
  } catch (err) {
    if (err instanceof AppError && err.code === 'ALREADY_EXISTS') return false; // another replica won the race
    throw err;
  }
  await bindRole(client, ADMIN_USER, SUPER_ROLE);
  logger.info({ user: ADMIN_USER }, 'administrator created');
  if (!configured)
    out(`\nAuthPay: first start, created user "admin" with password: ${password}\nChange it after logging in; it is not shown again.\n\n`);
  return true;
}
