import type { ErrorDetail } from '../../../host/sdk/index.js';
import { misconfigured, rawObject, requiredText, validateEpayCommon, type EpayCommonOptions } from '../epay/index.js';

/** Validated AGGREGATOR_1 (epay V1) options. */
export interface EpayV1Options extends EpayCommonOptions {
  /** The merchant key (MD5 secret). */
  key: string;
}

/**
 * Checks raw settings: gateway, pid, key (8–128 visible characters), and the shared flags initiation
 * (server | redirect), signEncoding (raw | urlencoded), notifyMethod (ANY | GET | POST) and typeCodes.
 * Throws CHANNEL_MISCONFIGURED naming every bad field; the key is never echoed.
 */
export function validateAggregator1Options(input: unknown): EpayV1Options {
  const raw = rawObject(input);
  const problems: ErrorDetail[] = [];
  const common = validateEpayCommon(raw, problems);
  const key = requiredText(raw, 'key', problems);
  if (key && !/^[\x21-\x7e]{8,128}$/.test(key)) {
    problems.push({ field: 'key', message: 'key is the merchant key: 8 to 128 visible ASCII characters', reason: 'FORMAT' });
  }
  if (problems.length > 0) throw misconfigured('AGGREGATOR_1', problems);
  return { ...common, key };
}
