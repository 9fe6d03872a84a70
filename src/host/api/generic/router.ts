import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import { AppError } from '../../errors/app-error.js';
import type { GenericApiDeps } from './deps.js';
import { notFoundResource, resolveKind, setTarget } from './context.js';
import { apiGroup, apiGroupList, apiResourceList, apiVersions, sendJson } from './discovery.js';
import {
  checkListRevision,
  listQueryOf,
  parseResourceVersion,
  readListOptions,
  tooLargeResourceVersion,
  type ListOptions,
} from './list.js';
import { singleParam } from './query-params.js';
import type { KindInfo } from '../../schema/kind-registry.js';
import { groupOf, isGenericPath, isKindGroup } from './paths.js';
import { sendList, sendObject } from './respond.js';
import { versionInfo } from './version.js';
import { serveWatch } from './watch.js';
import { createResource, deleteCollection, deleteResource, patchResource, replaceResource } from './write-handlers.js';
import { openApiV2, openApiV3Document, openApiV3Index } from './openapi.js';
import { checkSubresource } from './write-support.js';

type Handler = (req: Request, res: Response) => Promise<void> | void;

/** Wraps a handler so thrown errors and rejections reach the Status error handler. */
function route(handler: Handler): RequestHandler {
  return (req, res, next) => {
    Promise.resolve()
      .then(() => handler(req, res))
      .catch(next);
  };
}

function methodNotAllowed(req: Request): AppError {
  return new AppError('METHOD_NOT_ALLOWED', `the server does not allow this method on the requested resource (${req.method})`);
}

/** Discovery, /version and OpenAPI: read-only documents built from the KindRegistry on each request. */
function mountDocuments(router: Router, deps: GenericApiDeps): void {
  const { registry } = deps;
  router.get(
    '/version',
    route((_req, res) => sendJson(res, versionInfo(deps.serverVersion))),
  );
  router.get(
    '/api',
    route((req, res) => sendJson(res, apiVersions(req, registry))),
  );
  router.get(
    '/api/:version',
    route((req, res) => sendJson(res, apiResourceList(registry, '', String(req.params.version)))),
  );
  router.get(
    '/apis',
    route((_req, res) => sendJson(res, apiGroupList(registry))),
  );
  router.get(
    '/apis/:group',
    route((req, res) => sendJson(res, apiGroup(registry, String(req.params.group)))),
  );
  router.get(
    '/apis/:group/:version',
    route((req, res) => sendJson(res, apiResourceList(registry, String(req.params.group), String(req.params.version)))),
  );
  router.get(
    '/openapi/v2',
    route((_req, res) => sendJson(res, openApiV2(registry))),
  );
  router.get(
    '/openapi/v3',
    route((_req, res) => sendJson(res, openApiV3Index(registry))),
  );
  router.get(
    '/openapi/v3/apis/:group/:version',
    route((req, res) => sendJson(res, openApiV3Document(registry, String(req.params.group), String(req.params.version)))),
  );
}

/** GET (list or watch), POST and DELETE on /apis/{group}/{version}/{plural}. */
function collectionHandler(deps: GenericApiDeps, group: (req: Request) => string): Handler {
  return async (req, res) => {
    const kind = resolveKind(deps.registry, group(req), String(req.params.version), String(req.params.plural));
    setTarget(res, { group: kind.group, resource: kind.plural });
    switch (req.method) {
      case 'GET': {
        const options = readListOptions(kind, req);
        if (options.watch) return serveWatch(deps, kind, options, req, res);
        return listResources(deps, kind, options, req, res);
      }
      case 'POST':
        return createResource(deps, kind, req, res);
      case 'DELETE':
        return deleteCollection(deps, kind, req, res);
      default:
        throw methodNotAllowed(req);
    }
  };
}

async function listResources(deps: GenericApiDeps, kind: KindInfo, options: ListOptions, req: Request, res: Response): Promise<void> {
  const page = await deps.client.store.list(kind, listQueryOf(options));
  checkListRevision(options, page.revision);
  sendList(req, res, kind, page.items, { resourceVersion: String(page.revision), continue: page.continue });
}

/** GET on an object: its latest state, which is "not older than" any resourceVersion up to the store's. */
async function getResource(deps: GenericApiDeps, kind: KindInfo, name: string, req: Request, res: Response): Promise<void> {
  const wanted = parseResourceVersion(singleParam(req, 'resourceVersion'));
  const object = await deps.client.get(kind.kind, name);
  if (wanted !== undefined) {
    const current = await deps.client.store.currentRevision();
    if (wanted > current) throw tooLargeResourceVersion(wanted, current);
  }
  sendObject(req, res, kind, object);
}

/** GET, PUT, PATCH and DELETE on /apis/{group}/{version}/{plural}/{name}[/status]. */
function objectHandler(deps: GenericApiDeps, group: (req: Request) => string): Handler {
  return async (req, res) => {
    const kind = resolveKind(deps.registry, group(req), String(req.params.version), String(req.params.plural));
    const name = String(req.params.name);
    const subresource = req.params.subresource === undefined ? undefined : String(req.params.subresource);
    setTarget(res, { group: kind.group, resource: kind.plural, name });
    checkSubresource(kind, subresource);
    switch (req.method) {
      case 'GET':
        return getResource(deps, kind, name, req, res);
      case 'PUT':
        return replaceResource(deps, kind, name, subresource, req, res);
      case 'PATCH':
        return patchResource(deps, kind, name, subresource, req, res);
      case 'DELETE':
        if (subresource) throw methodNotAllowed(req);
        return deleteResource(deps, kind, name, req, res);
      default:
        throw methodNotAllowed(req);
    }
  };
}

function mountResources(router: Router, deps: GenericApiDeps): void {
  const named = (req: Request) => String(req.params.group);
  const core = () => '';
  router.all('/apis/:group/:version/:plural', route(collectionHandler(deps, named)));
  router.all('/apis/:group/:version/:plural/:name', route(objectHandler(deps, named)));
  router.all('/apis/:group/:version/:plural/:name/:subresource', route(objectHandler(deps, named)));
  router.all('/api/:version/:plural', route(collectionHandler(deps, core)));
  router.all('/api/:version/:plural/:name', route(objectHandler(deps, core)));
  router.all('/api/:version/:plural/:name/:subresource', route(objectHandler(deps, core)));
}

/**
 * The Kubernetes-compatible generic API: discovery, /version, OpenAPI and CRUD + watch on every kind of
 * the KindRegistry. Requests outside its paths (business groups, pages) pass through untouched; so do
 * /apis/{group} requests for groups without kinds, which fall to later routes or to the 404 Status.
 */
export function createGenericRouter(deps: GenericApiDeps): RequestHandler {
  const router = express.Router();
  mountDocuments(router, deps);
  mountResources(router, deps);
  router.use(() => {
    throw notFoundResource();
  });
  // Other requests (business operations, pages) never enter the router and its two dozen routes.
  // Access was decided by the host's one authorization middleware, which runs before every route.
  return (req: Request, res: Response, next: NextFunction) => (servesPath(deps, req.path) ? router(req, res, next) : next());
}

/** /apis/{group}/** only for groups with kinds (the others are generic for errors alone, see paths.ts). */
function servesPath(deps: GenericApiDeps, path: string): boolean {
  if (!path.startsWith('/apis/')) return isGenericPath(path, deps.registry, deps.isBusinessGroup);
  const group = groupOf(path);
  return group === '' || isKindGroup(deps.registry, group);
}
