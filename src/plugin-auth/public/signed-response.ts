import type { Response } from 'express';
import { BoundedCache, ok } from '../../host/sdk/index.js';
import type { LicenseAuthority } from '../license/license-authority.js';
import { RESPONSE_SIGNATURE_HEADER } from '../license/license-format.js';
import type { CheckAuthAnswer } from './check-auth.js';

/** An answer body as sent: the envelope's JSON text, its UTF-8 length and the signature over those bytes. */
export interface SignedBody {
  text: string;
  bytes: number;
  signature: string;
}

/** Serializes `data` in the success envelope once and signs its UTF-8 bytes. */
export async function signedBody(authority: LicenseAuthority, data: unknown): Promise<SignedBody> {
  const text = JSON.stringify(ok(data));
  return { text, bytes: Buffer.byteLength(text, 'utf8'), signature: await authority.sign(text) };
}

/**
 * Writes a signed body as it was signed (no re-serialization, no ETag pass). Written as a string, Node sends
 * headers and body in one write instead of a gathered write of two buffers.
 */
export function sendSignedBody(res: Response, body: SignedBody): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', body.bytes);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader(RESPONSE_SIGNATURE_HEADER, body.signature);
  res.end(body.text, 'utf8');
}

/**
 * The signed bodies of recent checkAuth answers without a nonce, by license (or, without one, by plugin and
 * host): a plugin asking again gets the same answer while its record is unchanged, so the body and its
 * signature (Ed25519 is deterministic) are reused when every field of the new answer equals the kept one's.
 * The lookup is one short or already-hashed string rather than the whole body. Answers with a nonce are
 * unique: signed afresh, not kept.
 */
export class SignedAnswers {
  private readonly kept = new BoundedCache<string, { answer: CheckAuthAnswer; body: Promise<SignedBody> }>(10_000);

  constructor(private readonly authority: LicenseAuthority) {}

  bodyFor(answer: CheckAuthAnswer): Promise<SignedBody> {
    if (answer.nonce !== undefined) return signedBody(this.authority, answer);
    const key = answer.license ?? `${answer.pluginKey}\n${answer.authDomain}`;
    const known = this.kept.get(key);
    if (known && sameAnswer(known.answer, answer)) return known.body;
    const entry = { answer, body: signedBody(this.authority, answer) };
    this.kept.set(key, entry);
    entry.body.catch(() => this.kept.get(key) === entry && this.kept.delete(key));
    return entry.body;
  }
}

/** Every field of an answer: the compiler insists a field added to CheckAuthAnswer is compared too. */
const ANSWER_FIELDS = Object.keys({
  valid: true,
  code: true,
  pluginKey: true,
  authDomain: true,
  expireTime: true,
  permanent: true,
  license: true,
  nonce: true,
} satisfies Record<keyof CheckAuthAnswer, true>) as Array<keyof CheckAuthAnswer>;

function sameAnswer(a: CheckAuthAnswer, b: CheckAuthAnswer): boolean {
  for (const field of ANSWER_FIELDS) if (a[field] !== b[field]) return false;
  return Object.keys(a).length === Object.keys(b).length;
}
