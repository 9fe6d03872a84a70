import type { Request, Response } from 'express';
import type { KindInfo } from '../../schema/kind-registry.js';
import type { Resource } from '../../resource/types.js';
import { queryString } from './context.js';
import { includeObjectOf, partialMetadata, representationOf, toTable } from './representation.js';

/** Sends one object in the representation the client asked for (object, Table row, or metadata only). */
export function sendObject(req: Request, res: Response, kind: KindInfo, obj: Resource, status = 200): void {
  const rep = representationOf(req);
  if (rep.as === 'Table') {
    const meta = { resourceVersion: obj.metadata.resourceVersion };
    res.status(status).json(
      toTable(kind, [obj], meta, {
        version: rep.version,
        includeObject: includeObjectOf(queryString(req, 'includeObject')),
        withColumns: true,
      }),
    );
  } else if (rep.as === 'PartialObjectMetadata') {
    res.status(status).json(partialMetadata(obj, rep.version));
  } else {
    res.status(status).json(obj);
  }
}

/** Sends a list as <Kind>List, Table or PartialObjectMetadataList. */
export function sendList(
  req: Request,
  res: Response,
  kind: KindInfo,
  items: Resource[],
  meta: { resourceVersion: string; continue?: string },
): void {
  const rep = representationOf(req);
  const listMeta: Record<string, unknown> = { resourceVersion: meta.resourceVersion };
  if (meta.continue) listMeta.continue = meta.continue;
  if (rep.as === 'Table') {
    res.json(
      toTable(kind, items, listMeta, {
        version: rep.version,
        includeObject: includeObjectOf(queryString(req, 'includeObject')),
        withColumns: true,
      }),
    );
  } else if (rep.as === 'PartialObjectMetadata') {
    res.json({
      kind: 'PartialObjectMetadataList',
      apiVersion: `meta.k8s.io/${rep.version}`,
      metadata: listMeta,
      items: items.map((i) => partialMetadata(i, rep.version)),
    });
  } else {
    res.json({ apiVersion: kind.apiVersion, kind: kind.listKind, metadata: listMeta, items });
  }
}
