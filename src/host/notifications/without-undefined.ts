/** A shallow copy without the properties that are undefined (stored JSON keeps no `undefined` holes). */
export function withoutUndefined<T extends object>(obj: T): T {
  const out: Record<string, unknown> = {};
  for (const key in obj) if (obj[key] !== undefined) out[key] = obj[key];
  return out as T;
}
