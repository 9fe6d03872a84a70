import type { ExtensionClient } from '../client/extension-client.js';
import { AppError } from '../errors/app-error.js';
import { userEmailLock } from '../locks/lock-keys.js';
import { nowTimestamp } from '../resource/time.js';
import { eq, type ListPage, type ListQuery } from '../store/query.js';
import { hashPassword, verifyPassword, dummyVerify } from './password-hash.js';
import { assertValid, emailProblem, passwordProblem, usernameProblem } from './user-validation.js';
import { User, type UserLanguage, type UserSpec } from './types.js';

/** What a user may change of themself (updateCurrentUser). */
export interface ProfileChange {
  displayName?: string;
  email?: string;
  language?: UserLanguage;
}

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

  /**
   * A new user. The name is unique by itself (it is the object's name); the e-mail address is checked and
   * taken in one transaction under its lock (userEmailLock), so two concurrent sign-ups with one address, in
   * any process, make one user. The password is hashed before, so the lock is not held for the hash.
   */
  async create(input: NewUserInput): Promise<User> {
    const email = input.email.trim().toLowerCase();
    assertValid(usernameProblem(input.username), emailProblem(email), passwordProblem(input.password));
    if (await this.exists(input.username)) throw usernameTaken(input.username);
    if (await this.emailInUse(email)) throw emailTaken();
    const passwordHash = await hashPassword(input.password);
    return this.client.transaction(async () => {
      await this.client.lock(userEmailLock(email));
      if (await this.emailInUse(email)) throw emailTaken();
      return this.insert(input, email, passwordHash);
    });
  }

  private async emailInUse(email: string): Promise<boolean> {
    return (await this.client.count(User, eq('spec.email', email))) > 0;
  }

  private async insert(input: NewUserInput, email: string, passwordHash: string): Promise<User> {
    try {
      return await this.client.create(User, {
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
    const user = await this.client.fetch(User, name);
    return user && this.client.wellFormed(User, user) ? user : undefined;
  }

  /** Whether the name is taken, by any stored user (a malformed one too). */
  async exists(name: string): Promise<boolean> {
    return (await this.client.fetch(User, name)) !== undefined;
  }

  /** A page of users; malformed ones are left out and reported (the page size may come out smaller). */
  async list(query: ListQuery): Promise<ListPage<User>> {
    const page = await this.client.list(User, query);
    return { ...page, items: page.items.filter((u) => this.client.wellFormed(User, u)) };
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
    return this.client.patch(User, name, { spec: { disabled } });
  }

  async changePassword(name: string, oldPassword: string, newPassword: string): Promise<User> {
    assertValid(passwordProblem(newPassword, 'newPassword'));
    const user = await this.get(name);
    if (!(await verifyPassword(oldPassword, user.spec.passwordHash))) throw wrongCurrentPassword();
    return this.setPassword(name, newPassword);
  }

  /**
   * Changes what the user may change of themself (display name, e-mail, language); only the given keys.
   * A new e-mail is checked and must not belong to another user.
   */
  async updateProfile(name: string, change: ProfileChange): Promise<User> {
    const spec: Partial<UserSpec> = {};
    if (change.displayName !== undefined) spec.displayName = change.displayName.trim() || name;
    if (change.language !== undefined) spec.language = change.language;
    if (change.email !== undefined) {
      spec.email = change.email.trim().toLowerCase();
      assertValid(emailProblem(spec.email));
    }
    // One transaction under the new address's lock (as at sign-up): two users cannot both take a free address.
    return this.client.transaction(async () => {
      if (spec.email !== undefined) await this.client.lock(userEmailLock(spec.email));
      const user = await this.get(name);
      if (spec.email !== undefined && spec.email !== user.spec.email && (await this.emailInUse(spec.email))) throw emailTaken();
      return Object.keys(spec).length === 0 ? user : this.client.patch(User, name, { spec });
    });
  }

  async setPassword(name: string, password: string): Promise<User> {
    assertValid(passwordProblem(password));
    const passwordHash = await hashPassword(password);
    return this.client.patch(User, name, { spec: { passwordHash, passwordChangedAt: nowTimestamp() } });
  }

  async recordLogin(name: string): Promise<void> {
    await this.client.patch(User, name, { status: { lastLoginAt: nowTimestamp() } });
  }
}

function emailTaken(): AppError {
  return new AppError('ALREADY_EXISTS', '该邮箱已被其他账号使用', {
    messageEn: 'This e-mail address is already used by another account.',
    details: [{ field: 'email', message: '该邮箱已被其他账号使用', messageEn: 'This e-mail address is already used by another account.' }],
  });
}

/** 400, not 401: the caller's session is fine, only the form's current password is wrong (the UI keeps it). */
function wrongCurrentPassword(): AppError {
  return new AppError('INVALID_CURRENT_PASSWORD', '当前密码不正确', {
    status: 400,
    messageEn: 'the current password is wrong',
    details: [{ field: 'oldPassword', message: '当前密码不正确', messageEn: 'the current password is wrong' }],
  });
}

function usernameTaken(name: string): AppError {
  const texts = { zh: `用户名“${name}”已被占用，请换一个`, en: `The user name "${name}" is already taken. Choose another one.` };
  return new AppError('ALREADY_EXISTS', texts.zh, {
    messageEn: texts.en,
    details: [{ field: 'username', message: texts.zh, messageEn: texts.en }],
  });
}
