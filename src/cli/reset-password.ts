import crypto from 'node:crypto';
import { AppError } from '../host/errors/app-error.js';
import { SessionService } from '../host/auth/session-service.js';
import { loadSessionKey } from '../host/auth/signing-key.js';
import { UserService } from '../host/users/user-service.js';
import { openHostStore } from './host-store.js';

export const NEW_PASSWORD_ENV = 'AUTHPAY_NEW_PASSWORD';

const USAGE = `usage: authpay reset-password <user> [--stdin]
  the new password: $${NEW_PASSWORD_ENV} when set, else the first line of standard input with --stdin,
  else a generated one, printed once
`;

async function readStdinLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}

/** Where the new password comes from; `generated` passwords are printed, the others never are. */
async function newPassword(args: string[], env: NodeJS.ProcessEnv): Promise<{ password: string; generated: boolean }> {
  const fromEnv = env[NEW_PASSWORD_ENV];
  if (fromEnv) return { password: fromEnv, generated: false };
  if (args.includes('--stdin')) return { password: await readStdinLine(), generated: false };
  return { password: crypto.randomBytes(18).toString('base64url'), generated: true };
}

/**
 * `authpay reset-password <user>`: sets a new password through the user service (the same scrypt hashing as
 * sign-up and the console) and ends every session of the user, so whoever held the old password is logged out.
 * For an administrator locked out of the console; works beside a running server.
 */
export async function resetPassword(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const username = args.find((a) => !a.startsWith('--'));
  if (!username || args.some((a) => a.startsWith('--') && a !== '--stdin')) {
    process.stderr.write(USAGE);
    return 2;
  }
  const { password, generated } = await newPassword(args, env);
  const host = await openHostStore(env);
  try {
    const users = new UserService(host.client);
    if (!(await users.exists(username))) {
      process.stderr.write(`no user named "${username}"\n`);
      return 1;
    }
    await users.setPassword(username, password);
    const sessions = new SessionService(host.client, await loadSessionKey(host.client));
    const ended = await sessions.revokeAllOf(username);
    process.stdout.write(`password of "${username}" reset; ${ended} session(s) ended\n`);
    if (generated) process.stdout.write(`new password: ${password}\n`);
    return 0;
  } catch (err) {
    if (err instanceof AppError && err.code === 'VALIDATION_FAILED') {
      process.stderr.write(`${err.details.map((d) => d.messageEn ?? d.message).join('; ')}\n`);
      return 1;
    }
    throw err;
  } finally {
    await host.close();
  }
}
