import { randomBytes } from 'node:crypto';
import type { ErrorDetail } from '../../../host/sdk/index.js';
import { ChannelError } from '../core/errors.js';

/** Shorter secrets would make the simulated callback signature guessable. */
export const MIN_SANDBOX_SECRET_LENGTH = 32;

/** Validated SANDBOX options. */
export interface SandboxOptions {
  /** The service is off unless enabled; the caller reads the setting, the adapter refuses to initiate when off. */
  enabled: boolean;
  /** Per-installation HMAC secret for the simulated callbacks. */
  secret: string;
}

/** A fresh per-installation secret (256 random bits, base64url). */
export function generateSandboxSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function validateSandboxOptions(input: unknown): SandboxOptions {
  const raw = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const problems: ErrorDetail[] = [];
  const enabled = raw.enabled === undefined ? false : raw.enabled;
  if (typeof enabled !== 'boolean') problems.push({ field: 'enabled', message: 'enabled is true or false', reason: 'FORMAT' });
  const secret = raw.secret;
  if (typeof secret !== 'string' || secret.length < MIN_SANDBOX_SECRET_LENGTH) {
    problems.push({ field: 'secret', message: `secret must be at least ${MIN_SANDBOX_SECRET_LENGTH} characters`, reason: 'REQUIRED' });
  }
  if (problems.length > 0) {
    throw new ChannelError('CHANNEL_MISCONFIGURED', `SANDBOX options invalid: ${problems.map((p) => p.field).join(', ')}`, {
      details: problems,
    });
  }
  return { enabled: enabled as boolean, secret: secret as string };
}
