import type { Request } from 'express';
import { AppError, ConflictError, InvalidError } from '../../errors/app-error.js';
import type { KindInfo } from '../../schema/kind-registry.js';
import type { Resource } from '../../resource/types.js';
import { applyMergePatch } from '../../resource/merge-patch.js';
import type { ExtensionClient } from '../../client/extension-client.js';
import { patchMediaType } from './context.js';
import { applyJsonPatch } from './json-patch.js';
import { applySubresourceRules } from './write-support.js';

export const MERGE_PATCH = 'application/merge-patch+json';
export const JSON_PATCH = 'application/json-patch+json';
const ACCEPTED = `${JSON_PATCH}, ${MERGE_PATCH}`;
const MAX_ATTEMPTS = 5;

export type PatchType = typeof MERGE_PATCH | typeof JSON_PATCH;

/** The patch format of a request; strategic merge and apply patches are refused with 415, as for CRDs. */
export function patchTypeOf(req: Request): PatchType {
  const type = patchMediaType(req);
  if (type === MERGE_PATCH || type === JSON_PATCH) return type;
  throw new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    `the body of the request was in an unknown format "${type || '(none)'}" - accepted media types include: ${ACCEPTED}`,
  );
}

function patched(type: PatchType, current: Resource, body: unknown): Resource {
  if (type === MERGE_PATCH) {
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      throw new AppError('BAD_REQUEST', 'a merge patch must be a JSON object');
    return applyMergePatch(current, body) as Resource;
  }
  return applyJsonPatch(current, body) as Resource;
}

/**
 * Applies a merge or JSON patch to the latest stored object and writes it with that object's
 * resourceVersion. A patch that sets metadata.resourceVersion makes it a precondition (Conflict when
 * stale); otherwise a concurrent write is retried on the fresh object.
 */
export async function patchObject(
  client: ExtensionClient,
  kind: KindInfo,
  name: string,
  type: PatchType,
  body: unknown,
  subresource?: string,
): Promise<Resource> {
  for (let attempt = 1; ; attempt++) {
    const current = await client.get(kind.kind, name);
    const next = patched(type, current, body);
    if (!next || typeof next !== 'object' || !next.metadata || typeof next.metadata !== 'object') {
      throw new InvalidError(`${kind.kind} "${name}" is invalid: metadata: Required value`, [
        { field: 'metadata', message: 'Required value', reason: 'required' },
      ]);
    }
    if (next.metadata.name !== name) {
      throw new InvalidError(`${kind.kind} "${name}" is invalid: metadata.name: field is immutable`, [
        { field: 'metadata.name', message: 'field is immutable' },
      ]);
    }
    const given = next.metadata.resourceVersion;
    const precondition = given !== undefined && given !== current.metadata.resourceVersion;
    if (given === undefined) next.metadata.resourceVersion = current.metadata.resourceVersion;
    const desired = applySubresourceRules(kind, current, { ...next, apiVersion: kind.apiVersion, kind: kind.kind }, subresource);
    try {
      return await client.update(desired);
    } catch (err) {
      if (precondition || attempt >= MAX_ATTEMPTS || !(err instanceof ConflictError)) throw err;
    }
  }
}
