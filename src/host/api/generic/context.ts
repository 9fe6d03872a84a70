import { shownValue } from '../../resource/metadata-rules.js';
import type { Request, Response } from 'express';
import { AppError } from '../../errors/app-error.js';
import { loadYamlInput } from '../../schema/yaml-input.js';
import type { KindInfo, KindRegistry } from '../../schema/kind-registry.js';
import type { StatusTarget } from './status.js';

/** Where the Status error handler finds what the failing request was about. */
export function setTarget(res: Response, target: StatusTarget): void {
  res.locals.genericTarget = target;
}

export function targetOf(res: Response): StatusTarget {
  return (res.locals.genericTarget as StatusTarget | undefined) ?? {};
}

export function notFoundResource(): AppError {
  return new AppError('NOT_FOUND', 'the server could not find the requested resource');
}

/** The kind served at /apis/{group}/{version}/{plural}; NotFound for unknown groups, versions or resources. */
export function resolveKind(registry: KindRegistry, group: string, version: string, plural: string): KindInfo {
  const info = registry.byPlural(group, plural);
  if (!info || info.version !== version) throw notFoundResource();
  return info;
}

/** Groups (with their served version) that have at least one kind. */
export function servedGroups(registry: KindRegistry): Map<string, KindInfo[]> {
  const groups = new Map<string, KindInfo[]>();
  for (const kind of registry.kinds()) {
    const list = groups.get(kind.group) ?? [];
    list.push(kind);
    groups.set(kind.group, list);
  }
  return groups;
}

const JSON_TYPES = ['application/json'];
const YAML_TYPES = ['application/yaml', 'application/x-yaml', 'text/yaml'];

function mediaType(req: Request): string {
  return String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
}

/** The request body of a create or replace: a JSON (or YAML) object, else 415/400. */
export function readObjectBody(req: Request): Record<string, unknown> {
  const type = mediaType(req);
  let body: unknown = req.body;
  if (YAML_TYPES.includes(type)) {
    try {
      body = typeof body === 'string' ? loadYamlInput(body) : body;
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError('BAD_REQUEST', 'the request body is not valid YAML');
    }
  } else if (!JSON_TYPES.includes(type)) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `the body of the request was in an unknown format "${type || '(none)'}"`
        + ' - accepted media types include: application/json, application/yaml',
    );
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new AppError('BAD_REQUEST', 'the request body must be a JSON object');
  return body as Record<string, unknown>;
}

export function patchMediaType(req: Request): string {
  return mediaType(req);
}

/** A single-valued query parameter; repeated values are joined with commas (selectors AND them). */
export function queryString(req: Request, name: string): string | undefined {
  const value = (req.query as Record<string, unknown>)[name];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value.map(String).join(',');
  if (typeof value === 'object') throw new AppError('BAD_REQUEST', `query parameter ${name} must be a string`);
  return String(value);
}

/** dryRun=All runs the write and rolls it back; any other value is refused as Kubernetes does. */
export function isDryRun(req: Request, body?: Record<string, unknown>): boolean {
  const values = [queryString(req, 'dryRun'), ...((body?.dryRun as string[] | undefined) ?? [])].filter((v) => v !== undefined && v !== '');
  for (const v of values)
    if (v !== 'All') throw new AppError('BAD_REQUEST', `unsupported dry run value "${shownValue(v)}": only "All" is supported`);
  return values.length > 0;
}
