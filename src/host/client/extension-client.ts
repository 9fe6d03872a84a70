import crypto from 'node:crypto';
import type { KindInfo, KindRegistry } from '../schema/kind-registry.js';
import type { NewResource, ObjectMeta, Resource, WatchEvent } from '../resource/types.js';
import { kindName, type AnyKindDef, type KindRef, type NewObject, type NewObjectOf, type ObjectOf } from '../resource/kind-def.js';
import { AppError, ConflictError, InvalidError, NotFoundError, type ErrorDetail } from '../errors/app-error.js';
import { checkMetadata, generateNameSuffix, shownValue } from '../resource/metadata-rules.js';
import { metadataShapeProblems } from '../schema/metadata-shape.js';
import { applyMergePatch } from '../resource/merge-patch.js';
import { nowTimestamp } from '../resource/time.js';
import type { Store, WatchHandle } from '../store/store.js';
import { conflict } from '../store/store-errors.js';
import type { Condition, ListPage, ListQuery } from '../store/query.js';
import { shapeProblem, type MalformedObjectReporter } from './malformed-objects.js';
import { checkObjectSize } from './object-size.js';

export interface DeleteResult<R extends Resource> {
  /** The object as last seen: with deletionTimestamp when finalizers hold it, else its final state. */
  object: R;
  /** True when the object is gone from the store; false when it waits for its finalizers. */
  removed: boolean;
}

export interface WatchOptions {
  /** Resume after this revision; when absent every existing object is first sent as ADDED. */
  resourceVersion?: string;
}

export interface ClientOptions {
  clock?: () => number;
  /** Hears each malformed stored object that viewItems or wellFormed skips (default: nobody). */
  onMalformed?: MalformedObjectReporter;
}

/**
 * The typed client that services use for every read and write. It owns Kubernetes metadata semantics
 * (names, generateName, uid, timestamps, generation, finalizers and soft deletion) and schema validation;
 * the store below owns revisions, indexes and transactions.
 */
export class ExtensionClient {
  private readonly clock: () => number;
  private readonly onMalformed: MalformedObjectReporter;
  private readonly checkedDefs = new WeakMap<AnyKindDef, KindInfo>();

  constructor(
    readonly registry: KindRegistry,
    readonly store: Store,
    options: ClientOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.onMalformed = options.onMalformed ?? (() => {});
  }

  /**
   * The registry's description of a kind. A kind definition is checked against its CRD once: a definition
   * whose group, version or plural differ from the CRD's is a programming error, reported at first use.
   */
  kind(kind: KindRef): KindInfo {
    if (typeof kind === 'string') return this.registry.get(kind);
    const known = this.checkedDefs.get(kind);
    if (known) return known;
    const info = this.registry.get(kind.kind);
    if (info.group !== kind.group || info.version !== kind.version || info.plural !== kind.plural) {
      throw new Error(
        `kind ${kind.kind} is defined as ${kind.group}/${kind.version} ${kind.plural} but its CRD serves ${info.apiVersion} ${info.plural}`,
      );
    }
    this.checkedDefs.set(kind, info);
    return info;
  }

  get<R extends Resource = Resource>(kind: string, name: string): Promise<R>;
  get<K extends AnyKindDef>(kind: K, name: string): Promise<ObjectOf<K>>;
  async get(kind: KindRef, name: string): Promise<Resource> {
    const found = await this.fetch(kind as string, name);
    if (!found) throw new NotFoundError(kindName(kind), name);
    return found;
  }

  fetch<R extends Resource = Resource>(kind: string, name: string): Promise<R | undefined>;
  fetch<K extends AnyKindDef>(kind: K, name: string): Promise<ObjectOf<K> | undefined>;
  fetch<R extends Resource = Resource>(kind: KindRef, name: string): Promise<R | undefined>;
  async fetch(kind: KindRef, name: string): Promise<Resource | undefined> {
    return this.store.get(this.kind(kind), name);
  }

  list<R extends Resource = Resource>(kind: string, query?: ListQuery): Promise<ListPage<R>>;
  list<K extends AnyKindDef>(kind: K, query?: ListQuery): Promise<ListPage<ObjectOf<K>>>;
  list<R extends Resource = Resource>(kind: KindRef, query?: ListQuery): Promise<ListPage<R>>;
  async list(kind: KindRef, query: ListQuery = {}): Promise<ListPage<Resource>> {
    return this.store.list(this.kind(kind), query);
  }

  /** Every matching object, read in pages of 500 in name order (for jobs and exports, never request paths). */
  listAll<R extends Resource = Resource>(kind: string, where?: Condition, pageSize?: number): AsyncGenerator<R>;
  listAll<K extends AnyKindDef>(kind: K, where?: Condition, pageSize?: number): AsyncGenerator<ObjectOf<K>>;
  async *listAll(kind: KindRef, where?: Condition, pageSize = 500): AsyncGenerator<Resource> {
    let cont: string | undefined;
    do {
      const page = await this.store.list(this.kind(kind), { where, limit: pageSize, continue: cont });
      yield* page.items;
      cont = page.continue;
    } while (cont);
  }

  /**
   * Maps listed objects of a kind through a view, for a page or an answer: an object that lacks what its
   * kind requires (see shapeProblem), or whose view throws, is skipped and reported, so one malformed row
   * (written before a rule existed, or by hand) never fails the whole page.
   */
  viewItems<R extends Resource, V>(kind: KindRef, items: readonly R[], view: (item: R) => V): V[] {
    const info = this.kind(kind);
    const out: V[] = [];
    for (const item of items) {
      if (!this.wellFormedOf(info, item)) continue;
      try {
        out.push(view(item));
      } catch (err) {
        this.onMalformed({ kind: info.kind, name: item.metadata?.name ?? '', reason: (err as Error).message ?? String(err) });
      }
    }
    return out;
  }

  /** Whether a stored object has what its kind requires; a malformed one is reported (for single reads). */
  wellFormed(kind: KindRef, obj: Resource): boolean {
    return this.wellFormedOf(this.kind(kind), obj);
  }

  private wellFormedOf(info: KindInfo, obj: Resource): boolean {
    const problem = shapeProblem(info, obj);
    if (problem) this.onMalformed({ kind: info.kind, name: obj?.metadata?.name ?? '', reason: problem });
    return !problem;
  }

  count(kind: KindRef, where?: Condition): Promise<number> {
    return this.store.count(this.kind(kind), where);
  }

  /** Creates an object of a defined kind; apiVersion and kind come from the definition. */
  create<K extends AnyKindDef>(kind: K, input: NewObjectOf<K>): Promise<ObjectOf<K>>;
  /** Creates an object whose kind is named in it (the generic API, imports). */
  create<R extends Resource = Resource>(input: NewResource | Resource): Promise<R>;
  async create(first: AnyKindDef | NewResource | Resource, second?: NewObject<unknown>): Promise<Resource> {
    const input = (second ? { ...second, kind: this.kind(first as AnyKindDef).kind } : first) as Resource;
    const info = this.kindOf(input);
    const meta = input.metadata as Partial<ObjectMeta>;
    const attempts = meta.name ? 1 : 3;
    for (let attempt = 1; ; attempt++) {
      const obj = this.prepareCreate(info, input as Resource);
      try {
        return await this.store.insert(info, obj);
      } catch (err) {
        // A generated name can collide; Kubernetes retries those, never explicit names.
        if (attempt >= attempts || !(err instanceof AppError) || err.code !== 'ALREADY_EXISTS') throw err;
      }
    }
  }

  private prepareCreate(info: KindInfo, input: Resource): Resource {
    const meta = { ...(input.metadata as Partial<ObjectMeta>) };
    if (!meta.name) {
      if (!meta.generateName)
        throw new InvalidError('metadata.name or metadata.generateName is required', [{ field: 'metadata.name', message: 'required' }]);
      meta.name = `${meta.generateName}${generateNameSuffix()}`;
    }
    delete meta.resourceVersion;
    delete meta.deletionTimestamp;
    const obj: Resource = {
      ...input,
      apiVersion: info.apiVersion,
      kind: info.kind,
      metadata: {
        ...meta,
        name: meta.name,
        uid: crypto.randomUUID(),
        creationTimestamp: nowTimestamp(this.clock),
        generation: 1,
      } as ObjectMeta,
    };
    this.validate(info, obj);
    return obj;
  }

  /**
   * Replaces an object; metadata.resourceVersion must be the version read (else Conflict). `read`, when the
   * caller has it, is the object as it read it (same name and version, not modified since): it stands in for
   * reading the object again (a bulk job that lists a batch and updates each item). The store still refuses
   * the write unless that version is the stored one.
   */
  async update<R extends Resource = Resource>(obj: R, options: { read?: R } = {}): Promise<R> {
    const info = this.kindOf(obj);
    const rv = obj.metadata?.resourceVersion;
    if (!rv)
      throw new InvalidError('metadata.resourceVersion must be specified for an update', [
        { field: 'metadata.resourceVersion', message: 'required' },
      ]);
    const read = options.read;
    const known =
      read?.metadata?.name === obj.metadata.name && read.metadata.resourceVersion === rv && read.kind === obj.kind ? read : undefined;
    if (known) {
      // One conditional write, checked by the store against the stored version: outside a transaction it
      // runs alone (on PostgreSQL one autocommitted statement). "Nothing changed" is not checked by the
      // store, so that answer still comes from the stored object below (Conflict when the read is stale).
      const written = await this.writeUpdate(info, known, obj);
      if (written !== known) return written as R;
    }
    return this.store.transaction(async () => {
      const current = await this.store.get(info, obj.metadata.name);
      if (!current) throw new NotFoundError(info.kind, obj.metadata.name);
      if (current.metadata.resourceVersion !== rv) throw conflict(info, obj.metadata.name);
      return (await this.writeUpdate(info, current, obj)) as R;
    });
  }

  private async writeUpdate(info: KindInfo, current: Resource, desired: Resource): Promise<Resource> {
    const next: Resource = {
      ...desired,
      apiVersion: info.apiVersion,
      kind: info.kind,
      metadata: {
        ...desired.metadata,
        name: current.metadata.name,
        uid: current.metadata.uid,
        creationTimestamp: current.metadata.creationTimestamp,
        generateName: current.metadata.generateName,
        deletionTimestamp: current.metadata.deletionTimestamp,
        generation: current.metadata.generation ?? 1,
        resourceVersion: current.metadata.resourceVersion,
      },
    };
    if (next.metadata.generateName === undefined) delete next.metadata.generateName;
    if (next.metadata.deletionTimestamp === undefined) delete next.metadata.deletionTimestamp;
    if (bodyOf(next) !== bodyOf(current)) next.metadata.generation = (current.metadata.generation ?? 1) + 1;
    // nothing changed: write nothing
    else if (sameJson(next.metadata, current.metadata) && sameJson(next.status, current.status)) return current;
    // An object whose last finalizer goes is removed, not written: what it holds no longer needs to be valid
    // (an object stored before a schema rule, e.g. without spec, must still be deletable).
    if (next.metadata.deletionTimestamp && !(next.metadata.finalizers ?? []).length) {
      return this.store.remove(info, next.metadata.name, current.metadata.resourceVersion);
    }
    this.validate(info, next);
    return this.store.update(info, next, current.metadata.resourceVersion as string);
  }

  /**
   * JSON merge patch. Without metadata.resourceVersion in the patch it applies to the latest version,
   * retrying on a concurrent write; with one it is a precondition.
   */
  patch<R extends Resource = Resource>(kind: string, name: string, patch: Record<string, unknown>): Promise<R>;
  patch<K extends AnyKindDef>(kind: K, name: string, patch: Record<string, unknown>): Promise<ObjectOf<K>>;
  async patch(kind: KindRef, name: string, patch: Record<string, unknown>): Promise<Resource> {
    const info = this.kind(kind);
    const precondition = (patch.metadata as ObjectMeta | undefined)?.resourceVersion;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.store.transaction(async () => {
          const current = await this.store.get(info, name);
          if (!current) throw new NotFoundError(info.kind, name);
          if (precondition && precondition !== current.metadata.resourceVersion) throw conflict(info, name);
          const merged = applyMergePatch(current, patch) as Resource;
          if (!merged.metadata || typeof merged.metadata !== 'object') throw new InvalidError('metadata cannot be removed');
          merged.metadata.name = name;
          return await this.writeUpdate(info, current, merged);
        });
      } catch (err) {
        if (precondition || attempt >= 5 || !(err instanceof ConflictError)) throw err;
      }
    }
  }

  /**
   * Deletes an object. With finalizers it is only marked (deletionTimestamp) and disappears when the
   * last finalizer is removed by an update.
   */
  delete<R extends Resource = Resource>(kind: string, name: string, options?: DeletePreconditions): Promise<DeleteResult<R>>;
  delete<K extends AnyKindDef>(kind: K, name: string, options?: DeletePreconditions): Promise<DeleteResult<ObjectOf<K>>>;
  async delete(kind: KindRef, name: string, options: DeletePreconditions = {}): Promise<DeleteResult<Resource>> {
    const info = this.kind(kind);
    // One transaction: the preconditions hold for the very version that remove/update then expects.
    return this.store.transaction(async () => {
      const current = await this.store.get(info, name);
      if (!current) throw new NotFoundError(info.kind, name);
      if (options.resourceVersion && options.resourceVersion !== current.metadata.resourceVersion) throw conflict(info, name);
      if (options.uid && options.uid !== current.metadata.uid) throw uidConflict(info, name, options.uid, current.metadata.uid);
      if ((current.metadata.finalizers ?? []).length === 0) {
        return { object: await this.store.remove(info, name, current.metadata.resourceVersion), removed: true };
      }
      if (current.metadata.deletionTimestamp) return { object: current, removed: false };
      const marked = { ...current, metadata: { ...current.metadata, deletionTimestamp: nowTimestamp(this.clock) } };
      return { object: await this.store.update(info, marked, current.metadata.resourceVersion as string), removed: false };
    });
  }

  /** Adds a finalizer if missing (no write when present). */
  async addFinalizer<R extends Resource>(obj: R, finalizer: string): Promise<R> {
    if ((obj.metadata.finalizers ?? []).includes(finalizer)) return obj;
    return this.update({ ...obj, metadata: { ...obj.metadata, finalizers: [...(obj.metadata.finalizers ?? []), finalizer] } });
  }

  /** Removes a finalizer; if the object is being deleted and none remain, it disappears. */
  async removeFinalizer<R extends Resource>(obj: R, finalizer: string): Promise<R> {
    if (!(obj.metadata.finalizers ?? []).includes(finalizer)) return obj;
    const finalizers = (obj.metadata.finalizers ?? []).filter((f) => f !== finalizer);
    return this.update({ ...obj, metadata: { ...obj.metadata, finalizers } });
  }

  /**
   * Watches a kind. Without resourceVersion, existing objects arrive first as ADDED (as a Kubernetes watch
   * without a version does); with one, every change after it is replayed (GONE when compacted away).
   */
  watch<R extends Resource = Resource>(kind: string, options: WatchOptions, listener: (event: WatchEvent<R>) => void): Promise<WatchHandle>;
  watch<K extends AnyKindDef>(kind: K, options: WatchOptions, listener: (event: WatchEvent<ObjectOf<K>>) => void): Promise<WatchHandle>;
  watch<R extends Resource = Resource>(
    kind: KindRef,
    options: WatchOptions,
    listener: (event: WatchEvent<R>) => void,
  ): Promise<WatchHandle>;
  async watch<R extends Resource = Resource>(
    kind: KindRef,
    options: WatchOptions,
    listener: (event: WatchEvent<R>) => void,
  ): Promise<WatchHandle> {
    const info = this.kind(kind);
    let from: number;
    if (options.resourceVersion && options.resourceVersion !== '0') {
      from = Number(options.resourceVersion);
      if (!Number.isSafeInteger(from) || from < 0)
        throw new AppError('BAD_REQUEST', `resourceVersion "${options.resourceVersion}" is not valid`);
    } else {
      const initial = await this.store.list(info, {});
      from = initial.revision;
      for (const object of initial.items)
        listener({ type: 'ADDED', object: object as R, revision: Number(object.metadata.resourceVersion) });
    }
    return this.store.watch({ kind: info, fromRevision: from }, listener as (e: WatchEvent) => void);
  }

  /**
   * Every change of a kind from now on, without the initial listing (for caches that only need to forget
   * what changed). onError hears when the watch ends for good (the event source fell behind): whoever
   * relies on the events must then stop trusting what it kept.
   */
  watchChanges<R extends Resource = Resource>(
    kind: string,
    listener: (event: WatchEvent<R>) => void,
    onError: (err: Error) => void,
  ): Promise<WatchHandle>;
  watchChanges<K extends AnyKindDef>(
    kind: K,
    listener: (event: WatchEvent<ObjectOf<K>>) => void,
    onError: (err: Error) => void,
  ): Promise<WatchHandle>;
  watchChanges<R extends Resource = Resource>(
    kind: KindRef,
    listener: (event: WatchEvent<R>) => void,
    onError: (err: Error) => void,
  ): Promise<WatchHandle>;
  async watchChanges<R extends Resource = Resource>(
    kind: KindRef,
    listener: (event: WatchEvent<R>) => void,
    onError: (err: Error) => void,
  ): Promise<WatchHandle> {
    const info = this.kind(kind);
    return this.store.watch({ kind: info, fromRevision: await this.store.currentRevision() }, listener as (e: WatchEvent) => void, onError);
  }

  /** Runs fn in one store transaction; every client call inside it joins the transaction. */
  transaction<T>(fn: (client: ExtensionClient) => Promise<T>): Promise<T> {
    return this.store.transaction(() => fn(this));
  }

  /** Holds the named locks to the end of the surrounding transaction (see Store.lock); only inside transaction(). */
  lock(...keys: string[]): Promise<void> {
    return this.store.lock(...keys);
  }

  /** Whether this call runs inside a transaction: its reads see the transaction's uncommitted writes. */
  inTransaction(): boolean {
    return this.store.inTransaction();
  }

  private kindOf(obj: Resource): KindInfo {
    if (!obj || typeof obj !== 'object' || typeof obj.kind !== 'string')
      throw new InvalidError('kind is required', [{ field: 'kind', message: 'required' }]);
    if (!obj.metadata || typeof obj.metadata !== 'object')
      throw new InvalidError('metadata is required', [{ field: 'metadata', message: 'required' }]);
    const info = this.registry.find(obj.kind);
    if (!info) throw new NotFoundError('kind', obj.kind);
    if (obj.apiVersion && obj.apiVersion !== info.apiVersion) {
      throw new InvalidError(`apiVersion "${obj.apiVersion}" does not serve kind ${obj.kind}; expected ${info.apiVersion}`, [
        { field: 'apiVersion', message: `expected ${info.apiVersion}` },
      ]);
    }
    return info;
  }

  private validate(info: KindInfo, obj: Resource): void {
    checkObjectSize(info, obj);
    const malformed = metadataShapeProblems(obj.metadata);
    if (malformed.length) throw metadataMalformed(info, obj, malformed);
    const problems = checkMetadata(obj.metadata);
    if (problems.length)
      throw new InvalidError(
        `${info.kind} "${shownValue(obj.metadata.name)}" is invalid: ${problems.map((p) => `${p.field}: ${p.message}`).join('; ')}`,
        problems,
      );
    this.registry.validate(info, obj);
  }
}

/** What a delete may demand of the object it removes (meta/v1 Preconditions); a mismatch is a 409 Conflict. */
export interface DeletePreconditions {
  resourceVersion?: string;
  uid?: string;
}

function uidConflict(info: KindInfo, name: string, wanted: string, actual: string | undefined): ConflictError {
  return new ConflictError(
    `Operation cannot be fulfilled on ${info.group ? `${info.plural}.${info.group}` : info.plural} "${name}": `
      + `Precondition failed: UID in precondition: ${wanted}, UID in object meta: ${actual ?? ''}`,
  );
}

/** 400 BadRequest, as Kubernetes' decoder refuses metadata of the wrong JSON shape before any rule runs. */
function metadataMalformed(info: KindInfo, obj: Resource, details: ErrorDetail[]): AppError {
  const fields = details.map((d) => `${d.field}: ${d.messageEn ?? d.message}`).join('; ');
  return new AppError(
    'BAD_REQUEST',
    `${info.kind}「${shownValue(obj.metadata.name)}」的 metadata 格式不正确：${details.map((d) => d.message).join('；')}`,
    {
      messageEn: `${info.kind} "${shownValue(obj.metadata.name)}": malformed metadata: ${fields}`,
      details,
    },
  );
}

/** Everything but metadata and status (the spec and any other top-level field): a change bumps generation. */
function bodyOf(r: Resource): string {
  const { metadata: _m, status: _s, ...rest } = r;
  return JSON.stringify(rest);
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
