import { ValidationError } from '../../host/sdk/index.js';
import { canonicalTimestamp } from '../timestamps/canonical-timestamp.js';

/**
 * A time as typed by an administrator or found in an import, in the stored form (UTC, whole seconds), so
 * filters and sorts on the indexes stay exact. Empty means "none"; anything else unreadable is refused.
 */
export function storedTime(value: string | null | undefined, field: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const stamp = canonicalTimestamp(value);
  if (!stamp) throw new ValidationError(`${field} 不是合法的 RFC 3339 时间`, [{ field, message: 'not an RFC 3339 time' }]);
  return stamp;
}
