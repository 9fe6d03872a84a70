import crypto from 'node:crypto';
import type { Request } from 'express';
import type { ExtensionClient } from '../../client/extension-client.js';
import { AppError, isAppError } from '../../errors/app-error.js';
import type { Logger } from '../../logging/logger.js';
import { HOST_GROUP, HOST_VERSION } from '../../resource/host-group.js';
import { defineKind, type ObjectOf } from '../../resource/kind-def.js';
import { lt } from '../../store/query.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a first answer is kept for repeats. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60_000;
/** A request still IN_PROGRESS after this long was abandoned (its process died); a repeat takes it over. */
const LOCK_MS = 60_000;
/** Visible ASCII, as Stripe and the IETF draft use for keys (UUIDs, ULIDs, random strings). */
const KEY = /^[\x21-\x7e]{1,255}$/;

interface RecordSpec {
  principal: string;
  operationId: string;
  requestHash: string;
  expiresAt: string;
}

interface RecordStatus {
  state: 'IN_PROGRESS' | 'DONE';
  lockedUntil?: string;
  httpStatus?: number;
  data?: string;
  completedAt?: string;
}

export const IdempotencyRecord = defineKind<RecordSpec, RecordStatus>({
  group: HOST_GROUP,
  version: HOST_VERSION,
  kind: 'IdempotencyRecord',
  plural: 'idempotencyrecords',
});
type IdempotencyRecord = ObjectOf<typeof IdempotencyRecord>;

/** What a request with a key gets: the first answer again, or the right to run and record its answer. */
export type IdempotencyClaim =
  | { kind: 'replay'; httpStatus: number; data: unknown }
  | { kind: 'run'; complete(httpStatus: number, data: unknown): Promise<void>; abandon(): Promise<void> };

/** JSON with object keys sorted, so the same body hashes the same whatever its key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

function keyOf(req: Request): string | undefined {
  const header = req.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header.join(',') : header;
  if (KEY.test(key)) return key;
  throw new AppError('VALIDATION_FAILED', 'Idempotency-Key 须为 1–255 个可见 ASCII 字符', {
    messageEn: 'Idempotency-Key must be 1–255 visible ASCII characters',
    details: [
      {
        field: 'header.Idempotency-Key',
        message: 'Idempotency-Key 须为 1–255 个可见 ASCII 字符',
        messageEn: 'must be 1–255 visible ASCII characters',
        reason: 'pattern',
      },
    ],
  });
}

function reused(): AppError {
  return new AppError('IDEMPOTENCY_KEY_REUSED', '该幂等键已用于另一个不同的请求：请为新的请求使用新的 Idempotency-Key', {
    status: 422,
    messageEn: 'this Idempotency-Key was already used with a different request body; send a new key for a new request',
  });
}

function inUse(): AppError {
  return new AppError('IDEMPOTENCY_KEY_IN_USE', '使用该幂等键的请求仍在处理中，请稍后重试', {
    status: 409,
    messageEn: 'a request with this Idempotency-Key is still in progress; retry shortly',
    headers: { 'Retry-After': '1' },
  });
}

/**
 * Idempotency-Key for POST operations that opt in (`idempotent: true`): the same caller sending the same key
 * to the same operation within 24 hours gets the first answer again (a double click or a retried request
 * creates nothing twice); the same key with another body is 422 IDEMPOTENCY_KEY_REUSED; a repeat while the
 * first is still running is 409 IDEMPOTENCY_KEY_IN_USE. Records live in the store (kind IdempotencyRecord,
 * created atomically by name), so every replica sees them. A request that fails records nothing: the caller
 * may retry it with the same key. Anonymous callers' keys are ignored (they share one name).
 */
export class IdempotencyKeys {
  constructor(
    private readonly client: ExtensionClient,
    private readonly logger: Logger,
    private readonly clock: () => number = Date.now,
  ) {}

  /** undefined when the request carries no key (or the caller is anonymous): it runs as usual. */
  async claim(req: Request, principal: { username: string; anonymous: boolean }, operationId: string, body: unknown) {
    const key = keyOf(req);
    if (key === undefined || principal.anonymous) return undefined;
    const name = `idem-${sha256(`${principal.username}\n${operationId}\n${key}`).slice(0, 48)}`;
    const spec: RecordSpec = {
      principal: principal.username,
      operationId,
      requestHash: sha256(canonicalJson(body ?? null)),
      expiresAt: new Date(this.clock() + IDEMPOTENCY_WINDOW_MS).toISOString(),
    };
    return this.claimName(name, spec, true);
  }

  private async claimName(name: string, spec: RecordSpec, firstTry: boolean): Promise<IdempotencyClaim> {
    const created = await this.create(name, spec);
    if (created) return this.running(created);
    const existing = await this.client.fetch(IdempotencyRecord, name);
    if (!existing?.spec || !existing.status) return firstTry ? this.claimName(name, spec, false) : Promise.reject(inUse());
    const now = this.clock();
    if (Date.parse(existing.spec.expiresAt) <= now) {
      await this.client.delete(IdempotencyRecord, name, { resourceVersion: existing.metadata.resourceVersion }).catch(() => undefined);
      return firstTry ? this.claimName(name, spec, false) : Promise.reject(inUse());
    }
    if (existing.spec.requestHash !== spec.requestHash) throw reused();
    if (existing.status.state === 'DONE')
      return { kind: 'replay', httpStatus: existing.status.httpStatus ?? 200, data: JSON.parse(existing.status.data ?? 'null') };
    if (Date.parse(existing.status.lockedUntil ?? '') > now) throw inUse();
    // Abandoned by a process that died mid-request: take it over (the version check lets one repeat win).
    const status: RecordStatus = { state: 'IN_PROGRESS', lockedUntil: new Date(now + LOCK_MS).toISOString() };
    const taken = await this.client.update({ ...existing, status }).catch((err: unknown) => {
      if (isAppError(err) && err.code === 'CONFLICT') throw inUse();
      throw err;
    });
    return this.running(taken);
  }

  private async create(name: string, spec: RecordSpec): Promise<IdempotencyRecord | undefined> {
    const status: RecordStatus = { state: 'IN_PROGRESS', lockedUntil: new Date(this.clock() + LOCK_MS).toISOString() };
    try {
      return await this.client.create(IdempotencyRecord, {
        metadata: { name },
        spec,
        status,
      });
    } catch (err) {
      if (isAppError(err) && err.code === 'ALREADY_EXISTS') return undefined;
      throw err;
    }
  }

  private running(record: IdempotencyRecord): IdempotencyClaim {
    const name = record.metadata.name;
    const forget = () =>
      this.client.delete(IdempotencyRecord, name).then(
        () => undefined,
        () => undefined,
      );
    return {
      kind: 'run',
      complete: async (httpStatus, data) => {
        const status: RecordStatus = {
          state: 'DONE',
          httpStatus,
          data: JSON.stringify(data ?? null),
          completedAt: new Date(this.clock()).toISOString(),
        };
        // The answer goes out either way; an answer too large to keep (or a store error) is only not replayable.
        await this.client.patch(IdempotencyRecord, name, { status }).catch(async (err: unknown) => {
          this.logger.warn({ record: name, err: (err as Error).message }, 'idempotent answer not recorded');
          await forget();
        });
      },
      abandon: forget,
    };
  }

  /** Deletes records past their window, oldest first, in batches (the daily host job). */
  async deleteExpired(signal?: AbortSignal): Promise<number> {
    let deleted = 0;
    const where = lt('spec.expiresAt', new Date(this.clock()).toISOString());
    while (!signal?.aborted) {
      const page = await this.client.list(IdempotencyRecord, { where, page: 1, size: 500, countTotal: false });
      if (!page.items.length) break;
      await this.client.transaction(async (tx) => {
        for (const r of page.items) await tx.delete(IdempotencyRecord, r.metadata.name);
      });
      deleted += page.items.length;
    }
    return deleted;
  }
}
