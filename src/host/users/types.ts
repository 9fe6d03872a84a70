import type { Resource } from '../resource/types.js';
import { HOST_GROUP, HOST_VERSION } from '../resource/host-group.js';
import { defineKind } from '../resource/kind-def.js';

/** The language a user chose for the apps and their messages. */
export type UserLanguage = 'zh-CN' | 'en';
export const USER_LANGUAGES: readonly UserLanguage[] = ['zh-CN', 'en'];

export interface UserSpec {
  displayName: string;
  /** Lower-case e-mail address. */
  email: string;
  /** scrypt hash with its parameters (see password-hash.ts); absent for users that cannot log in with a password. */
  passwordHash?: string;
  disabled: boolean;
  passwordChangedAt?: string;
  /** The language the user chose (the apps' switch); absent until chosen, then the browser's language applies. */
  language?: UserLanguage;
}

export interface UserStatus {
  lastLoginAt?: string;
}

export type User = Resource<UserSpec, UserStatus> & { spec: UserSpec };
export const User = defineKind<UserSpec, UserStatus>({ group: HOST_GROUP, version: HOST_VERSION, kind: 'User', plural: 'users' });

/** A user as the API shows it: never the password hash. */
export interface PublicUser {
  name: string;
  displayName: string;
  email: string;
  disabled: boolean;
  creationTimestamp?: string;
  lastLoginAt?: string;
  language?: UserLanguage;
}

export function publicUser(user: User): PublicUser {
  return {
    name: user.metadata.name,
    displayName: user.spec.displayName,
    email: user.spec.email,
    disabled: user.spec.disabled,
    creationTimestamp: user.metadata.creationTimestamp,
    lastLoginAt: user.status?.lastLoginAt,
    ...(user.spec.language ? { language: user.spec.language } : {}),
  };
}

/** What a plugin may read of a user: the kind as the SDK exports it, without the password fields. */
export type PluginVisibleUserSpec = Pick<UserSpec, 'displayName' | 'email' | 'disabled' | 'language'>;

/** The User kind as plugins see it: User's coordinates, with the spec narrowed to what they may read. */
export const HostUser = defineKind<PluginVisibleUserSpec, UserStatus>({ ...User });
