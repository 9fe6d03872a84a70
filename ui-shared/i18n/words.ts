/**
 * Values shown as words, never as raw enums, ids or sentinels: `enumText('paymentStatus', 'PAYING')` reads
 * `enum.paymentStatus.PAYING` of the catalogs; `limitText(-1)` is 不限 / Unlimited.
 */
import { hasMessage, translate } from './index.js';

/** The word for an enum value; an unknown value shows as "unknown (VALUE)" so a gap is visible but readable. */
export function enumText(family: string, value: string | number | null | undefined): string {
  if (value === undefined || value === null || value === '') return translate('common.none');
  const key = `enum.${family}.${value}`;
  return hasMessage(key) ? translate(key) : translate('enum.unknownValue', { value: String(value) });
}

/** The choices of an enum family as {value, label} for selects and filters, in the given order. */
export function enumOptions<V extends string | number>(family: string, values: readonly V[]): { value: V; label: string }[] {
  return values.map((value) => ({ value, label: enumText(family, value) }));
}

/** A count limit: -1 (and other negatives) mean no limit. */
export function limitText(value: number | null | undefined): string {
  if (value === undefined || value === null) return translate('common.none');
  return value < 0 ? translate('common.unlimited') : String(value);
}

/** How the server names the site itself as an actor: the platform of its own orders, the author of automatic moves. */
export const SYSTEM_ACTOR = 'system';

/**
 * Who did or owns something: a user name as it is, the site itself (`system`) as 系统 / System. User names
 * can never be `system` (it is reserved), so the word cannot hide a person.
 */
export function actorText(name: string | null | undefined): string {
  if (!name) return translate('common.none');
  return name === SYSTEM_ACTOR ? translate('common.system') : name;
}

/** Yes / No. */
export function yesNo(value: boolean | null | undefined): string {
  return translate(value ? 'common.yes' : 'common.no');
}
