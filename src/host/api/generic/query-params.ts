const TRUE_VALUES = new Set(['true', '1']);

/** Kubernetes boolean query parameters accept `true` and `1` (watch=1, dryRun handling aside). */
export function isTrueParam(value: unknown): boolean {
  return typeof value === 'string' && TRUE_VALUES.has(value.toLowerCase());
}
