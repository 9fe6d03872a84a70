import crypto from 'node:crypto';
import type { ExtensionClient } from '../../client/extension-client.js';
import { AppError } from '../../errors/app-error.js';
import { userTokensLock } from '../../locks/lock-keys.js';
import { HOST_GROUP, HOST_VERSION } from '../../resource/host-group.js';
import { defineKind, type ObjectOf } from '../../resource/kind-def.js';
import { nowTimestamp, parseTimestamp, toTimestamp } from '../../resource/time.js';
import { eq } from '../../store/query.js';

/** Recognisable prefix: tells our tokens from other bearer secrets and helps secret scanners. */
export const PAT_PREFIX = 'authpay_pat_';
const MAX_TOKENS_PER_USER = 100;
/** lastUsedAt is written at most this often per token, so using a token is not a write per request. */
const LAST_USED_RESOLUTION_MS = 60_000;

interface PatSpec {
  username: string;
  displayName: string;
  tokenHash: string;
  expiresAt?: string;
  revoked: boolean;
  /** When set, the token reaches only these API groups (see authorize-middleware.ts). */
  apiGroups?: string[];
}
export const PersonalAccessToken = defineKind<PatSpec, { lastUsedAt?: string }>({
  group: HOST_GROUP,
  version: HOST_VERSION,
  kind: 'PersonalAccessToken',
  plural: 'personalaccesstokens',
});
type Pat = ObjectOf<typeof PersonalAccessToken>;

/** A token as its owner sees it: never the hash. */
export interface PatView {
  name: string;
  displayName: string;
  expiresAt?: string;
  revoked: boolean;
  lastUsedAt?: string;
  creationTimestamp?: string;
  apiGroups?: string[];
}

export interface PatInput {
  name: string;
  expiresAt?: string;
  /** Restrict the token to these API groups (the host does not interpret them: they are data). */
  apiGroups?: string[];
}

export type PatCheck =
  { ok: true; username: string; tokenName: string; apiGroups?: string[] } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' };

const sha256 = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

function view(p: Pat): PatView {
  return {
    name: p.metadata.name,
    displayName: p.spec.displayName,
    expiresAt: p.spec.expiresAt,
    revoked: p.spec.revoked,
    lastUsedAt: p.status?.lastUsedAt,
    creationTimestamp: p.metadata.creationTimestamp,
    ...(p.spec.apiGroups ? { apiGroups: p.spec.apiGroups } : {}),
  };
}

/**
 * Personal access tokens: random, shown once, stored as SHA-256, optional expiry, revocable, optionally
 * restricted to some API groups.
 */
export class PatService {
  constructor(
    private readonly client: ExtensionClient,
    private readonly clock: () => number = Date.now,
  ) {}

  async create(username: string, input: PatInput): Promise<PatView & { token: string }> {
    const expires = input.expiresAt === undefined ? undefined : parseTimestamp(input.expiresAt);
    if (input.expiresAt !== undefined && (expires === undefined || expires <= this.clock())) {
      throw new AppError('VALIDATION_FAILED', '过期时间必须晚于当前时间', {
        messageEn: 'The expiry time must be in the future.',
        details: [{ field: 'expiresAt', message: '过期时间必须晚于当前时间', messageEn: 'The expiry time must be in the future.' }],
      });
    }
    const token = PAT_PREFIX + crypto.randomBytes(32).toString('base64url');
    // The count and the new token in one transaction under the user's token lock: concurrent creations, in
    // any process, cannot pass the cap together.
    const created = await this.client.transaction(async () => {
      await this.client.lock(userTokensLock(username));
      if ((await this.client.count(PersonalAccessToken, eq('spec.username', username))) >= MAX_TOKENS_PER_USER) throw tooManyTokens();
      return this.insert(username, input, token, expires);
    });
    return { ...view(created), token };
  }

  private insert(username: string, input: PatInput, token: string, expires: number | undefined): Promise<Pat> {
    return this.client.create(PersonalAccessToken, {
      metadata: { generateName: 'pat-' },
      spec: {
        username,
        displayName: input.name.trim(),
        tokenHash: sha256(token),
        expiresAt: expires === undefined ? undefined : toTimestamp(expires),
        revoked: false,
        ...(input.apiGroups ? { apiGroups: [...new Set(input.apiGroups)].sort() } : {}),
      },
    });
  }

  async list(username: string): Promise<PatView[]> {
    const page = await this.client.list(PersonalAccessToken, {
      where: eq('spec.username', username),
      sort: [{ field: 'metadata.creationTimestamp', direction: 'desc' }],
      page: 1,
      size: MAX_TOKENS_PER_USER,
    });
    return this.client.viewItems(PersonalAccessToken, page.items, view);
  }

  /** Revokes one of the caller's tokens; another user's token is "not found" (its existence is not told). */
  async revoke(username: string, name: string): Promise<PatView> {
    const found = await this.client.fetch(PersonalAccessToken, name);
    if (!found || found.spec.username !== username)
      throw new AppError('NOT_FOUND', '访问令牌不存在', { messageEn: `token "${name}" not found` });
    if (found.spec.revoked) return view(found);
    return view(await this.client.patch(PersonalAccessToken, name, { spec: { revoked: true } }));
  }

  async authenticate(token: string): Promise<PatCheck> {
    if (!token.startsWith(PAT_PREFIX) || token.length > 200) return { ok: false, reason: 'unknown' };
    const hash = sha256(token);
    const page = await this.client.list(PersonalAccessToken, { where: eq('spec.tokenHash', hash), limit: 1 });
    const pat = page.items[0];
    if (!pat) return { ok: false, reason: 'unknown' };
    if (pat.spec.revoked) return { ok: false, reason: 'revoked' };
    const expires = parseTimestamp(pat.spec.expiresAt);
    if (expires !== undefined && expires <= this.clock()) return { ok: false, reason: 'expired' };
    this.touch(pat);
    return { ok: true, username: pat.spec.username, tokenName: pat.metadata.name, apiGroups: pat.spec.apiGroups };
  }

  private touch(pat: Pat): void {
    const last = parseTimestamp(pat.status?.lastUsedAt) ?? 0;
    if (this.clock() - last < LAST_USED_RESOLUTION_MS) return;
    // Best effort: a lost lastUsedAt update must never fail the request that used the token.
    this.client.patch(PersonalAccessToken, pat.metadata.name, { status: { lastUsedAt: nowTimestamp(this.clock) } }).catch(() => undefined);
  }
}

function tooManyTokens(): AppError {
  return new AppError('STATE_CONFLICT', `每个用户最多 ${MAX_TOKENS_PER_USER} 个访问令牌`, {
    messageEn: `at most ${MAX_TOKENS_PER_USER} tokens per user; revoke or delete some`,
  });
}
