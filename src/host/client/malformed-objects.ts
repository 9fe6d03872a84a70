import type { KindInfo } from '../schema/kind-registry.js';
import type { Resource } from '../resource/types.js';

/** One stored object a read skipped because it lacks what its kind requires. */
export interface MalformedObject {
  kind: string;
  name: string;
  /** What is wrong, e.g. `spec is missing`, `spec.email is missing`, or the view's error message. */
  reason: string;
}

/** Hears every malformed object a read skips (the runtime logs a warning and counts it). */
export type MalformedObjectReporter = (found: MalformedObject) => void;

/**
 * What every reader of a kind may take for granted: the top-level fields its schema requires (`spec`,
 * for every kind that has one) and the required fields of its spec. Objects written before the CRDs
 * required them, or by hand into the database, may lack them; validation only guards new writes.
 */
export function shapeProblem(info: KindInfo, obj: Resource): string | undefined {
  const schema = info.schema as { required?: string[]; properties?: { spec?: { required?: string[] } } };
  const top = obj as unknown as Record<string, unknown>;
  for (const field of schema.required ?? []) if (top[field] === undefined || top[field] === null) return `${field} is missing`;
  const spec = top.spec;
  if (spec === undefined && !schema.properties?.spec) return undefined;
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec)) return 'spec is missing or not an object';
  for (const field of schema.properties?.spec?.required ?? [])
    if ((spec as Record<string, unknown>)[field] === undefined) return `spec.${field} is missing`;
  return undefined;
}
