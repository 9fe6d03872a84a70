import type { ExtensionClient } from '../client/extension-client.js';
import { AppError } from '../errors/app-error.js';
import { nowTimestamp } from '../resource/time.js';
import { eq, type ListPage, type ListQuery } from '../store/query.js';
import { hashPassword, verifyPassword, dummyVerify } from './password-hash.js';
import { assertValid, emailProblem, passwordProblem, usernameProblem } from './user-validation.js';
import { USER_KIND, type User } from './types.js';

export interface NewUserInput {
  username: string;
  email: string;
  password: string;
  displayName?: string;
}

/** Why a username/password pair was refused; the caller maps every reason to one 401 text. */
export type CredentialCheck = { ok: true; user: User } | { ok: false; reason: 'unknown' | 'wrong-password' | 'disabled' };

/** Users: creation with validation, password checks and changes, enabling and disabling. */
export class UserService {
  constructor(private readonly client: ExtensionClient) {}

  async create(input: NewUserInput): Promise<User> {
    const email = input.email.trim().toLowerCase();
    assertValid(usernameProblem(input.username), emailProblem(email), passwordProblem(input.password));
    if (await this.exists(input.username)) throw usernameTaken(input.username);
    if ((await this.client.count(USER_KIND, eq('spec.email', email))) > 0) {
      throw new AppError('ALREADY_EXISTS', '该邮箱已被使用', {
        messageEn: 'e-mail address already in use',
        details: [{ field: 'email', message: 'already in use' }],
      });
    }
    const passwordHash = await hashPassword(input.password);
    try {
      return await this.client.create<User>({
        apiVersion: 'host.authpay.dev/v1alpha1',
        kind: USER_KIND,
        metadata: { name: input.username },
        spec: {
          displayName: input.displayName?.trim() || input.username,
          email,
          passwordHash,
          disabled: false,
          passwordChangedAt: nowTimestamp(),
        },
      });
    } catch (err) {
      if (err instanceof AppError && err.code === 'ALREADY_EXISTS') throw usernameTaken(input.username);
      throw err;
    }
  }

  /** The user; NOT_FOUND when absent or malformed (without a spec: it cannot log in or be shown). */
  async get(name: string): Promise<User> {
    const user = await this.fetch(name);
    if (!user) throw new AppError('NOT_FOUND', '用户不存在', { messageEn: `user "${name}" not found` });
    return user;
  }

  /** The user, or undefined when absent or malformed (reported: see ExtensionClient.wellFormed). */
  async fetch(name: string): Promise<User | undefined> {
    const user = await this.client.fetch<User>(USER_KIND, name);
    return user && this.client.wellFormed(USER_KIND, user) ? user : undefined;
  }

  /** Whether the name is taken, by any stored user (a malformed one too). */
  async exists(name: string): Promise<boolean> {
    return (await this.client.fetch(USER_KIND, name)) !== undefined;
  }

  /** A page of users; malformed ones are left out and reported (the page size may come out smaller). */
  async list(query: ListQuery): Promise<ListPage<User>> {
    const page = await this.client.list<User>(USER_KIND, query);
    return { ...page, items: page.items.filter((u) => this.client.wellFormed(USER_KIND, u)) };
  }

  /** Checks a username/password pair; spends a full hash even for unknown users. */
  async checkCredentials(username: string, password: string): Promise<CredentialCheck> {
    const user = usernameProblem(username) ? undefined : await this.fetch(username);
    if (!user) {
      await dummyVerify(password);
      return { ok: false, reason: 'unknown' };
    }
    if (!(await verifyPassword(password, user.spec.passwordHash))) return { ok: false, reason: 'wrong-password' };
    if (user.spec.disabled) return { ok: false, reason: 'disabled' };
    return { ok: true, user };
  }

  async setDisabled(name: string, disabled: boolean): Promise<User> {
    await this.get(name);
    return this.client.patch<User>(USER_KIND, name, { spec: { disabled } });
  }

  async changePassword(name: string, oldPassword: string, newPassword: string): Promise<User> {
    assertValid(passwordProblem(newPassword, 'newPassword'));
    const user = await this.get(name);
    if (!(await verifyPassword(oldPassword, user.spec.passwordHash))) {
      throw new AppError('UNAUTHORIZED', '原密码不正确', {
        messageEn: 'the current password is wrong',
        details: [{ field: 'oldPassword', message: 'wrong password' }],
      });
    }
    return this.setPassword(name, newPassword);
  }

  async setPassword(name: string, password: string): Promise<User> {
    assertValid(passwordProblem(password));
    const passwordHash = await hashPassword(password);
    return this.client.patch<User>(USER_KIND, name, { spec: { passwordHash, passwordChangedAt: nowTimestamp() } });
  }

  async recordLogin(name: string): Promise<void> {
    await this.client.patch(USER_KIND, name, { status: { lastLoginAt: nowTimestamp() } });
  }
}

function usernameTaken(name: string): AppError {
  return new AppError('ALREADY_EXISTS', '用户名已存在', {
    messageEn: `user name "${name}" is taken`,
    details: [{ field: 'username', message: 'already taken' }],
  });
}
