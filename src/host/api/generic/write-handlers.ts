import { shownValue } from '../../resource/metadata-rules.js';
import type { Request, Response } from 'express';
import { AppError } from '../../errors/app-error.js';
import type { KindInfo } from '../../schema/kind-registry.js';
import type { Resource } from '../../resource/types.js';
import type { GenericApiDeps } from './deps.js';
import { isDryRun, readObjectBody, setTarget } from './context.js';
import { patchObject, patchTypeOf } from './patch.js';
import { sendList, sendObject } from './respond.js';
import { success } from './status.js';
import { readListOptions } from './list.js';
import { readDeleteOptions, type DeleteOptions } from './delete-options.js';
import { applySubresourceRules, normalizeBody, withDryRun } from './write-support.js';

function resourcePath(kind: KindInfo, name: string): string {
  return kind.group ? `/apis/${kind.group}/${kind.version}/${kind.plural}/${name}` : `/api/${kind.version}/${kind.plural}/${name}`;
}

/** POST on a collection: 201 with the stored object. */
export async function createResource(deps: GenericApiDeps, kind: KindInfo, req: Request, res: Response): Promise<void> {
  const obj = normalizeBody(kind, readObjectBody(req));
  const dryRun = isDryRun(req);
  if (kind.hasStatusSubresource) delete obj.status; // status is the controllers' to write, through /status
  if (typeof obj.metadata.name === 'string') setTarget(res, { group: kind.group, resource: kind.plural, name: obj.metadata.name });
  const created = await withDryRun(deps.client.store, dryRun, () => deps.client.create(obj));
  res.location(resourcePath(kind, created.metadata.name));
  sendObject(req, res, kind, created, 201);
}

/** PUT on an object (or its /status): the body's name must be the URL's, its resourceVersion current. */
export async function replaceResource(
  deps: GenericApiDeps,
  kind: KindInfo,
  name: string,
  subresource: string | undefined,
  req: Request,
  res: Response,
): Promise<void> {
  const obj = normalizeBody(kind, readObjectBody(req));
  const dryRun = isDryRun(req);
  if (obj.metadata.name !== name) {
    throw new AppError(
      'BAD_REQUEST',
      `the name of the object (${shownValue(obj.metadata.name ?? '')}) does not match the name on the URL (${name})`,
    );
  }
  const updated = await withDryRun(deps.client.store, dryRun, async () => {
    const needsCurrent = subresource === 'status' || kind.hasStatusSubresource;
    const desired = needsCurrent ? applySubresourceRules(kind, await deps.client.get(kind.kind, name), obj, subresource) : obj;
    return deps.client.update(desired);
  });
  sendObject(req, res, kind, updated);
}

/** PATCH on an object (or its /status) with a merge patch or a JSON patch. */
export async function patchResource(
  deps: GenericApiDeps,
  kind: KindInfo,
  name: string,
  subresource: string | undefined,
  req: Request,
  res: Response,
): Promise<void> {
  const type = patchTypeOf(req);
  const dryRun = isDryRun(req);
  if (req.body === undefined) throw new AppError('BAD_REQUEST', 'the patch body is empty');
  const updated = await withDryRun(deps.client.store, dryRun, () => patchObject(deps.client, kind, name, type, req.body, subresource));
  sendObject(req, res, kind, updated);
}

/** The preconditions are checked in the delete's own transaction, against the version it removes. */
function deleteOne(deps: GenericApiDeps, kind: KindInfo, name: string, preconditions: DeleteOptions['preconditions'] = {}) {
  return deps.client.delete(kind.kind, name, preconditions);
}

/**
 * DELETE on an object: a Success Status when it is gone, or the object carrying deletionTimestamp while
 * finalizers hold it.
 */
export async function deleteResource(deps: GenericApiDeps, kind: KindInfo, name: string, req: Request, res: Response): Promise<void> {
  const options = readDeleteOptions(req);
  const result = await withDryRun(deps.client.store, options.dryRun, () => deleteOne(deps, kind, name, options.preconditions));
  if (!result.removed) return sendObject(req, res, kind, result.object);
  res.json(success({ group: kind.group, resource: kind.plural, name, uid: result.object.metadata.uid }));
}

/** DELETE on a collection: deletes every object matching the selectors; answers the list of them. */
export async function deleteCollection(deps: GenericApiDeps, kind: KindInfo, req: Request, res: Response): Promise<void> {
  const { where } = readListOptions(kind, req);
  const options = readDeleteOptions(req);
  const deleted = await withDryRun(deps.client.store, options.dryRun, async () => {
    const out: Resource[] = [];
    let cont: string | undefined;
    do {
      const page = await deps.client.store.list(kind, { where, limit: 500, continue: cont });
      for (const item of page.items) out.push((await deleteOne(deps, kind, item.metadata.name, options.preconditions)).object);
      cont = page.continue;
    } while (cont);
    return out;
  });
  sendList(req, res, kind, deleted, { resourceVersion: String(await deps.client.store.currentRevision()) });
}
