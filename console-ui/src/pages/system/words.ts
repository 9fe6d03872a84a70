/**
 * Values of the system pages shown as words: outbox phases, channels, job outcomes, what failed when an e-mail
 * did not go out (`system.word.*`), with
 * an unknown value readable as "unknown (VALUE)" rather than hidden.
 */
import { hasMessage, translate } from '@shared/i18n/index.js';

export type WordFamily = 'outboxPhase' | 'channel' | 'jobOutcome' | 'smtpFailure';

export function wordOf(family: WordFamily, value: string | undefined | null): string {
  if (!value) return translate('common.none');
  const key = `system.word.${family}.${value}`;
  return hasMessage(key) ? translate(key) : translate('enum.unknownValue', { value });
}

export function wordOptions<V extends string>(family: WordFamily, values: readonly V[]): { value: V; label: string }[] {
  return values.map((value) => ({ value, label: wordOf(family, value) }));
}

type TagType = 'success' | 'warning' | 'danger' | 'info' | 'primary';

/** The colour of a status tag: green done, orange waiting, red failed, grey otherwise. */
export function phaseTag(phase: string | undefined): TagType {
  if (phase === 'SENT' || phase === 'SUCCEEDED') return 'success';
  if (phase === 'FAILED' || phase === 'TIMED_OUT') return 'danger';
  if (phase === 'WAITING_CONFIG' || phase === 'PENDING' || phase === 'RUNNING') return 'warning';
  return 'info';
}
