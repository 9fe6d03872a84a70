import express, { type Router, type Request, type RequestHandler, type Response, type NextFunction } from 'express';
import type { ValidateFunction } from 'ajv';
import { AppError } from '../../errors/app-error.js';
import { ANONYMOUS } from '../../request/principal.js';
import { ok, requestLanguage } from '../envelope/envelope.js';
import { setRouteTemplate } from '../../ops/route-label.js';
import { ajvErrorDetails, createAjv, detailSummary } from '../../schema/ajv.js';
import { labelAt } from '../../schema/field-labels.js';
import type { JsonSchema, OperationDef } from './operation.js';
import type { IdempotencyKeys } from './idempotency.js';

/** What an operation's body may be unless it says otherwise. */
export const JSON_BODY_TYPES = ['application/json', 'application/*+json'];

interface Compiled {
  def: OperationDef;
  /** Accepted body content types; undefined accepts any (rawBody operations). */
  consumes?: string[];
  query?: ValidateFunction;
  body?: ValidateFunction;
  params?: ValidateFunction;
}

/**
 * Holds every business operation. Schemas are compiled when an operation is added; requests only run the
 * compiled validators. Query strings are coerced to the schema's types (they arrive as strings).
 */
export class OperationRegistry {
  private readonly ops = new Map<string, Compiled>();
  private readonly bodyAjv = createAjv({ useDefaults: true, removeAdditional: false });
  private readonly queryAjv = createAjv({ useDefaults: true, coerceTypes: 'array' });
  private readonly routers = new Map<string, Router>();
  /** Operations without path parameters by `METHOD /apis/{group}/{version}{path}`: one lookup, no route walk. */
  private readonly fixedRoutes = new Map<string, { template: string; handler: RequestHandler }>();
  private readonly groups = new Set<string>();
  /** Body limits of the operations that declare one, by `METHOD /apis/{group}/{version}{path}`. */
  private readonly bodyLimits = new Map<string, number>();
  private idempotency?: IdempotencyKeys;

  /** Where idempotent operations keep their first answers (the runtime sets it once the store is open). */
  useIdempotency(keys: IdempotencyKeys): void {
    this.idempotency = keys;
  }

  add(def: OperationDef): void {
    if (this.ops.has(def.operationId)) throw new Error(`operationId ${def.operationId} is registered twice`);
    if (def.idempotent && (def.method !== 'post' || def.raw))
      throw new Error(`operation ${def.operationId}: only a POST with a JSON answer can be idempotent`);
    if (def.bodyLimit !== undefined && def.path.includes(':'))
      throw new Error(`operation ${def.operationId}: bodyLimit needs a path without parameters`);
    const compiled: Compiled = {
      def,
      consumes: def.rawBody ? undefined : (def.consumes ?? JSON_BODY_TYPES),
      query: def.query ? this.queryAjv.compile(def.query) : undefined,
      body: def.body ? this.bodyAjv.compile(def.body) : undefined,
      params: def.params ? this.queryAjv.compile(def.params) : undefined,
    };
    this.ops.set(def.operationId, compiled);
    const version = def.version ?? 'v1alpha1';
    const handler = this.handle(compiled);
    this.routerFor(def.group, version)[def.method](def.path, handler);
    const template = `/apis/${def.group}/${version}${def.path}`;
    if (!def.path.includes(':')) this.fixedRoutes.set(`${def.method.toUpperCase()} ${template}`, { template, handler });
    if (def.bodyLimit !== undefined) this.bodyLimits.set(`${def.method.toUpperCase()} ${template}`, def.bodyLimit);
  }

  /** The body limit an operation declared for this request's method and path (the body parsers ask). */
  bodyLimitFor(req: Request): number | undefined {
    if (this.bodyLimits.size === 0) return undefined;
    return this.bodyLimits.get(`${req.method} ${req.path}`);
  }

  remove(operationId: string): void {
    // Express cannot unmount a route; a removed operation answers 404 through its handler instead.
    this.ops.delete(operationId);
  }

  /** Whether any operation is served under this API group. */
  hasGroup(group: string): boolean {
    return this.groups.has(group);
  }

  list(): OperationDef[] {
    return [...this.ops.values()].map((c) => c.def);
  }

  /** The operation and its Express handler (validation, envelope), for a route served outside the routers. */
  find(operationId: string): { def: OperationDef; handler: RequestHandler } | undefined {
    const compiled = this.ops.get(operationId);
    return compiled && { def: compiled.def, handler: this.handle(compiled) };
  }

  /**
   * Express middleware serving every registered operation under /apis/{group}/{version}: a path without
   * parameters is found with one map lookup (the hot public endpoints are such paths), the others by the
   * group's router.
   */
  middleware(): RequestHandler {
    const withParameters = express.Router();
    withParameters.use('/apis/:group/:version', (req, res, next) => {
      const router = this.routers.get(`${req.params.group}/${req.params.version}`);
      if (!router) return next();
      router(req, res, next);
    });
    return (req, res, next) => {
      if (!req.path.startsWith('/apis/')) return next();
      const fixed = this.fixedRoutes.get(`${req.method === 'HEAD' ? 'GET' : req.method} ${req.path}`);
      if (!fixed) return withParameters(req, res, next);
      setRouteTemplate(res, fixed.template);
      fixed.handler(req, res, next);
    };
  }

  private routerFor(group: string, version: string): Router {
    const key = `${group}/${version}`;
    let router = this.routers.get(key);
    if (!router) this.routers.set(key, (router = express.Router({ mergeParams: false })));
    this.groups.add(group);
    return router;
  }

  private handle(compiled: Compiled) {
    const { def } = compiled;
    return async (req: Request, res: Response, next: NextFunction) => {
      try {
        if (!this.ops.has(def.operationId)) throw new AppError('NOT_FOUND', '接口不存在', { messageEn: 'no such operation' });
        const query = { ...(req.query as Record<string, unknown>) };
        const params = { ...req.params };
        validate(compiled.query, query, 'query');
        validate(compiled.params, params, 'path');
        let body: unknown = req.body;
        if (compiled.body) {
          refuseUnsupportedBody(req, compiled.consumes);
          if (
            body === undefined
            || (typeof body === 'object' && body !== null && Object.keys(body).length === 0 && !req.headers['content-type'])
          )
            body = {};
          validate(compiled.body, body, 'body');
        }
        const language = requestLanguage(req);
        const principal = req.principal ?? ANONYMOUS;
        const claim = def.idempotent ? await this.idempotency?.claim(req, principal, def.operationId, body) : undefined;
        if (claim?.kind === 'replay') {
          res.set('Idempotent-Replayed', 'true').status(claim.httpStatus).json(ok(claim.data));
          return;
        }
        let result: unknown;
        try {
          result = await def.handler({ query, body, params, principal, req, res, english: language === 'en', language });
        } catch (err) {
          await claim?.abandon();
          throw err;
        }
        if (def.raw || res.headersSent) return;
        const status = def.successStatus ?? 200;
        await claim?.complete(status, result ?? null);
        res.status(status).json(ok(result ?? null));
      } catch (err) {
        next(err);
      }
    };
  }
}

/**
 * A POST, PUT or PATCH with a body the operation cannot read (text/plain where JSON is expected, or no
 * content type at all) is refused: otherwise no parser would touch it and the operation would apply an
 * empty change.
 */
function refuseUnsupportedBody(req: Request, consumes: string[] | undefined): void {
  if (!consumes || !['POST', 'PUT', 'PATCH'].includes(req.method)) return;
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (!hasBody || req.is(consumes)) return;
  const given = (req.headers['content-type'] ?? 'none').slice(0, 100);
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', `不支持的请求体类型: ${given}，应为 ${consumes.join(', ')}`, {
    status: 415,
    messageEn: `unsupported body content type ${given}; send ${consumes.join(', ')}`,
  });
}

/** Every problem of the input at once, one detail per field, each a sentence naming the field. */
function validate(fn: ValidateFunction | undefined, value: unknown, where: string): void {
  if (!fn || fn(value)) return;
  // A property with an `x-label` is named by it (the form's label), else by its path.
  const details = ajvErrorDetails(fn.errors, where, { nameOf: (path) => labelAt(fn.schema, path) });
  throw new AppError('VALIDATION_FAILED', `输入有误：${detailSummary(details, 'zh-CN')}`, {
    details,
    messageEn: `invalid input: ${detailSummary(details, 'en')}`,
  });
}

export type { JsonSchema };
