import { AppError, InvalidError } from '../../errors/app-error.js';
import type { KindInfo } from '../../schema/kind-registry.js';
import type { ObjectMeta, Resource } from '../../resource/types.js';
import { shownValue } from '../../resource/metadata-rules.js';
import type { Store } from '../../store/store.js';

const DRY_RUN_ROLLBACK = Symbol('dry-run rollback');

/** Runs a write in a transaction that is always rolled back (dryRun=All): validated, answered, never stored. */
export async function withDryRun<T>(store: Store, dryRun: boolean, write: () => Promise<T>): Promise<T> {
  if (!dryRun) return write();
  let result: T | undefined;
  try {
    await store.transaction(async () => {
      result = await write();
      throw DRY_RUN_ROLLBACK;
    });
  } catch (err) {
    if (err !== DRY_RUN_ROLLBACK) throw err;
  }
  return result as T;
}

/**
 * Checks apiVersion and kind of a body against the resource in the URL (filling them in when absent) and
 * drops metadata.namespace: every kind here is cluster-scoped, as kubectl may send a namespace anyway.
 */
export function normalizeBody(kind: KindInfo, body: Record<string, unknown>): Resource {
  if (body.apiVersion !== undefined && body.apiVersion !== kind.apiVersion) {
    throw new AppError(
      'BAD_REQUEST',
      `the API version in the data (${shownValue(body.apiVersion)}) does not match the expected API version (${kind.apiVersion})`,
    );
  }
  if (body.kind !== undefined && body.kind !== kind.kind) {
    throw new AppError('BAD_REQUEST', `the kind in the data (${shownValue(body.kind)}) does not match the expected kind (${kind.kind})`);
  }
  const metadata = body.metadata ?? {};
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) {
    throw new InvalidError(`${kind.kind} is invalid: metadata must be an object`, [
      { field: 'metadata', message: 'must be an object', reason: 'type' },
    ]);
  }
  // The fields of metadata are checked by the client on write (metadata-rules.ts), as for every other write.
  const { namespace: _namespace, ...meta } = metadata as ObjectMeta & { namespace?: unknown };
  return { ...body, apiVersion: kind.apiVersion, kind: kind.kind, metadata: meta };
}

/**
 * With a status subresource, writes to the main resource keep the stored status and writes to /status
 * change nothing but status (Kubernetes semantics).
 */
export function applySubresourceRules(kind: KindInfo, current: Resource, desired: Resource, subresource: string | undefined): Resource {
  if (subresource === 'status') {
    const next: Resource = { ...current, metadata: { ...current.metadata, resourceVersion: desired.metadata.resourceVersion } };
    if (desired.status === undefined) delete next.status;
    else next.status = desired.status;
    return next;
  }
  if (!kind.hasStatusSubresource) return desired;
  const next: Resource = { ...desired };
  if (current.status === undefined) delete next.status;
  else next.status = current.status;
  return next;
}

export function checkSubresource(kind: KindInfo, subresource: string | undefined): void {
  if (subresource === undefined) return;
  if (subresource !== 'status' || !kind.hasStatusSubresource)
    throw new AppError('NOT_FOUND', 'the server could not find the requested resource');
}
