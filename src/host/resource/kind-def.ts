import type { ObjectMeta, Resource } from './types.js';

/**
 * A kind as a service or the host declares it in code: its coordinates, and (as type parameters only) the
 * shape of its spec and status. The coordinates must equal the kind's CRD (`extensions/` for a service's,
 * `src/host/crds/` for the host's); the client checks that on first use, so a renamed group or plural fails
 * loudly instead of reading another kind.
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

/**
 * The spec type of a kind that keeps its payload at the top level instead, as Kubernetes' core kinds do
 * (a ConfigMap's `data`, a Role's `rules`): `defineKind<TopLevel<{ data?: Record<string, string> }>>(…)`.
 * Its objects have these fields and no spec.
 */
export interface TopLevel<Fields> {
  /** Carries the fields' type; never set at run time. */
  readonly __topLevel: Fields;
}

/** An object of a kind as read from the store. */
export type Stored<Spec, Status = unknown> = Resource<Spec, Status> & { spec: Spec; metadata: StoredMeta };

/** An object of a top-level kind as read from the store. */
export type StoredTopLevel<Fields> = Resource<never, never> & Fields & { metadata: StoredMeta };

/** The stored object type of a kind definition. */
export type ObjectOf<K extends AnyKindDef> =
  K extends KindDef<infer Spec, infer Status>
    ? Spec extends TopLevel<infer Fields>
      ? StoredTopLevel<Fields>
      : Stored<Spec, Status>
    : never;

type NewMeta = Partial<ObjectMeta> & ({ name: string } | { generateName: string });

/** What create takes for a kind: apiVersion and kind come from the definition. */
export interface NewObject<Spec, Status = unknown> {
  metadata: NewMeta;
  spec: Spec;
  status?: Status;
}

/** What create takes for a top-level kind: its fields beside the metadata. */
export type NewTopLevelObject<Fields> = { metadata: NewMeta } & Fields;

/** What create takes for a kind definition. */
export type NewObjectOf<K extends AnyKindDef> =
  K extends KindDef<infer Spec, infer Status>
    ? Spec extends TopLevel<infer Fields>
      ? NewTopLevelObject<Fields>
      : NewObject<Spec, Status>
    : never;

export function defineKind<Spec, Status = unknown>(coordinates: Omit<KindDef, '__types'>): KindDef<Spec, Status> {
  return Object.freeze({ ...coordinates });
}

export function kindName(kind: KindRef): string {
  return typeof kind === 'string' ? kind : kind.kind;
}
