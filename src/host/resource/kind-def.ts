import type { ObjectMeta, Resource } from './types.js';

/**
 * A kind as a service declares it in code: its coordinates, and (as type parameters only) the shape of its
 * spec and status. The coordinates must equal the kind's CRD in `extensions/`; the client checks that on
 * first use, so a renamed group or plural fails loudly instead of reading another kind.
 */
export interface KindDef<Spec = unknown, Status = unknown> {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  readonly plural: string;
  /** Carries the types; never set at run time. */
  readonly __types?: { spec: Spec; status: Status };
}

/** Any kind definition, whatever its spec and status. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- variance: a KindDef<Foo> must be assignable here
export type AnyKindDef = KindDef<any, any>;

/** A kind named by its definition, or by its kind name where it is only known at run time (generic API). */
export type KindRef = string | AnyKindDef;

/** Metadata of an object read from the store: the store always fills these. */
export interface StoredMeta extends ObjectMeta {
  resourceVersion: string;
  uid: string;
  creationTimestamp: string;
}

/** An object of a kind as read from the store. */
export type Stored<Spec, Status = unknown> = Resource<Spec, Status> & { spec: Spec; metadata: StoredMeta };

/** The stored object type of a kind definition. */
export type ObjectOf<K extends AnyKindDef> = K extends KindDef<infer Spec, infer Status> ? Stored<Spec, Status> : never;

/** What create takes for a kind: apiVersion and kind come from the definition. */
export interface NewObject<Spec, Status = unknown> {
  metadata: Partial<ObjectMeta> & ({ name: string } | { generateName: string });
  spec: Spec;
  status?: Status;
}

export function defineKind<Spec, Status = unknown>(coordinates: Omit<KindDef, '__types'>): KindDef<Spec, Status> {
  return Object.freeze({ ...coordinates });
}

export function kindName(kind: KindRef): string {
  return typeof kind === 'string' ? kind : kind.kind;
}
