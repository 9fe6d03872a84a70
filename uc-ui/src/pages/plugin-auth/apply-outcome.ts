import type { ApiData } from '@shared/api/client.js';

/** What an application did, as the server says (applyAuthorization's `outcome`). */
export type ApplyOutcome = ApiData<'applyAuthorization'>['outcome'];

/**
 * The confirmation of an application, saying what happened: waiting for review (or, after confirming a public-API
 * application, confirmed and waiting), authorized permanently at once because the user owns the plugin, or
 * nothing changed because the domain already had its record.
 */
export function applyOutcomeKey(outcome: ApplyOutcome, confirming = false): string {
  switch (outcome) {
    case 'AUTHORIZED_PERMANENTLY':
      return 'pluginAuth.applied.authorizedPermanently';
    case 'ALREADY_APPLIED':
      return 'pluginAuth.applied.alreadyApplied';
    case 'PENDING_REVIEW':
    case 'AWAITING_CONFIRMATION':
      return confirming ? 'pluginAuth.mine.confirmed' : 'pluginAuth.apply.submitted';
  }
}
