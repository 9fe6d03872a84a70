import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { ExtensionClient } from '../client/extension-client.js';
import { HOST_GROUP, HOST_VERSION } from '../resource/host-group.js';
import { defineKind } from '../resource/kind-def.js';
import { nowTimestamp, parseTimestamp, toTimestamp } from '../resource/time.js';
import { and, eq, lt } from '../store/query.js';

const ISSUER = 'authpay';
const AUDIENCE = 'authpay-session';

interface SessionSpec {
  username: string;
  expiresAt: string;
  clientIp?: string;
  userAgent?: string;
}

export const Session = defineKind<SessionSpec>({ group: HOST_GROUP, version: HOST_VERSION, kind: 'Session', plural: 'sessions' });

export interface IssuedSession {
  sessionId: string;
  jwt: string;
  expiresAt: number;
}

/**
 * Log-in sessions: a Session record per log-in and a JWT (HS256, jose) naming it. A cookie is accepted only
 * while its signature, expiry and record are all valid, so deleting the record (log-out, disable, password
 * change) ends the session at once, whatever the cookie still says.
 */
export class SessionService {
  constructor(
    private readonly client: ExtensionClient,
    private readonly key: Uint8Array,
    private readonly clock: () => number = Date.now,
  ) {}

  async issue(username: string, ttlSeconds: number, meta: { clientIp?: string; userAgent?: string } = {}): Promise<IssuedSession> {
    const sessionId = crypto.randomBytes(16).toString('hex');
    const now = this.clock();
    const expiresAt = now + ttlSeconds * 1000;
    await this.client.create(Session, {
      metadata: { name: sessionId },
      spec: {
        username,
        expiresAt: toTimestamp(expiresAt),
        clientIp: meta.clientIp?.slice(0, 64),
        userAgent: meta.userAgent?.slice(0, 512),
      },
    });
    const jwt = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(username)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(expiresAt / 1000))
      .sign(this.key);
    return { sessionId, jwt, expiresAt };
  }

  /** The session's user and id, or undefined for a forged, expired or revoked cookie. */
  async verify(jwt: string): Promise<{ username: string; sessionId: string } | undefined> {
    let payload;
    try {
      ({ payload } = await jwtVerify(jwt, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: new Date(this.clock()),
      }));
    } catch {
      return undefined;
    }
    const sessionId = typeof payload.sid === 'string' ? payload.sid : '';
    if (!/^[0-9a-f]{32}$/.test(sessionId) || typeof payload.sub !== 'string') return undefined;
    const record = await this.client.fetch(Session, sessionId);
    if (!record || record.spec.username !== payload.sub) return undefined;
    if ((parseTimestamp(record.spec.expiresAt) ?? 0) <= this.clock()) return undefined;
    return { username: payload.sub, sessionId };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.client.delete(Session, sessionId).catch(() => undefined);
  }

  /** Ends every session of a user except `keep` (password change keeps the current one). */
  async revokeAllOf(username: string, keep?: string): Promise<number> {
    let removed = 0;
    for await (const s of this.client.listAll(Session, eq('spec.username', username))) {
      if (s.metadata.name === keep) continue;
      await this.revoke(s.metadata.name);
      removed++;
    }
    return removed;
  }

  /** Deletes expired session records in bounded batches (run periodically). */
  async sweepExpired(batch = 500): Promise<number> {
    const page = await this.client.list(Session, {
      where: and(lt('spec.expiresAt', nowTimestamp(this.clock))),
      limit: batch,
    });
    for (const s of page.items) await this.revoke(s.metadata.name);
    return page.items.length;
  }
}
