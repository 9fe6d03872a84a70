/**
 * The shape every stored object shares: Kubernetes-style apiVersion/kind/metadata with a kind-specific
 * spec and optional status. Services declare `Resource<MySpec, MyStatus>` for their kinds.
 */
export interface ObjectMeta {
  name: string;
  generateName?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  /** Global store revision of the last write, as a decimal string (Kubernetes semantics). */
  resourceVersion?: string;
  uid?: string;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  finalizers?: string[];
  /** Bumped on every change outside status, like Kubernetes' metadata.generation. */
  generation?: number;
  /** Kept and checked as Kubernetes checks them; no garbage collector acts on them. */
  ownerReferences?: OwnerReference[];
}

/** meta/v1 OwnerReference. */
export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

export interface Resource<Spec = unknown, Status = unknown> {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  spec?: Spec;
  status?: Status;
  /** Core kinds such as ConfigMap keep their payload at the top level. */
  [extra: string]: unknown;
}

/** A resource as given to create: the name may come from generateName. */
export type NewResource<R extends Resource = Resource> = Omit<R, 'metadata'> & {
  metadata: Partial<ObjectMeta> & ({ name: string } | { generateName: string });
};

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface WatchEvent<R extends Resource = Resource> {
  type: WatchEventType;
  object: R;
  /** Global revision of the write that produced the event. */
  revision: number;
}

export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

export function apiVersionOf(gvk: Pick<GroupVersionKind, 'group' | 'version'>): string {
  return gvk.group ? `${gvk.group}/${gvk.version}` : gvk.version;
}

export function parseApiVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}
