import type { EpayDialect } from './epay-dialect.js';
import { epaySigningContent, type EpaySignEncoding } from './signing-content.js';

/** epay V2 refuses a request, answer or notification whose timestamp is further than this from its clock. */
export const TIMESTAMP_TOLERANCE_SECONDS = 300;

/** The signed parameters of a request: pid, the timestamp (V2), then `sign` and `sign_type`. */
export function signRequest(
  params: Readonly<Record<string, string>>,
  context: { pid: string; dialect: EpayDialect; encoding: EpaySignEncoding; nowMs: number },
): Record<string, string> {
  const all: Record<string, string> = { ...params, pid: context.pid };
  if (context.dialect.timestamped) all.timestamp = String(Math.floor(context.nowMs / 1000));
  const signer = context.dialect.signer;
  return { ...all, sign: signer.sign(epaySigningContent(all, context.encoding)), sign_type: signer.signType };
}

export type ReceivedSignature = { ok: true } | { ok: false; code: 'MISSING_SIGNATURE' | 'BAD_SIGNATURE'; reason: string };

/**
 * Checks a received parameter set (a notification, a V2 answer) over ALL its parameters: a `sign` must be
 * present, `sign_type` (when sent) must be the service's, the signature must verify, and under V2 the signed
 * `timestamp` must be within {@link TIMESTAMP_TOLERANCE_SECONDS} of now.
 */
export function checkReceivedSignature(
  params: Readonly<Record<string, string>>,
  context: { dialect: EpayDialect; encoding: EpaySignEncoding; nowMs: number },
): ReceivedSignature {
  const { signer, timestamped, label } = context.dialect;
  if (!params.sign) return { ok: false, code: 'MISSING_SIGNATURE', reason: `${label}: no sign` };
  if (params.sign_type && params.sign_type !== signer.signType) {
    return { ok: false, code: 'BAD_SIGNATURE', reason: `${label}: sign_type ${params.sign_type} is not ${signer.signType}` };
  }
  if (!signer.verify(epaySigningContent(params, context.encoding), params.sign)) {
    return { ok: false, code: 'BAD_SIGNATURE', reason: `${label}: signature does not verify` };
  }
  if (timestamped) {
    const stamp = params.timestamp ?? '';
    if (!/^\d{1,12}$/.test(stamp)) return { ok: false, code: 'BAD_SIGNATURE', reason: `${label}: no signed timestamp` };
    const skew = Math.abs(Math.floor(context.nowMs / 1000) - Number(stamp));
    if (skew > TIMESTAMP_TOLERANCE_SECONDS) {
      return { ok: false, code: 'BAD_SIGNATURE', reason: `${label}: timestamp is ${skew} s away from now (stale or replayed)` };
    }
  }
  return { ok: true };
}

/** Unix seconds → RFC 3339. */
export function unixSecondsToIso(stamp: string | undefined): string | undefined {
  return stamp && /^\d{1,12}$/.test(stamp) ? new Date(Number(stamp) * 1000).toISOString() : undefined;
}
