import { serializeJson, YamlFlow } from '../generators/sample.js';
import type { Mutation, Target } from './target.js';

/** A request as it goes on the wire. */
export interface WireRequest {
  method: string;
  /** Path and query, already encoded (possibly deliberately wrong). */
  path: string;
  contentType: string | undefined;
  body: string | undefined;
}

function setAt(root: unknown, dotted: string, value: unknown): unknown {
  const keys = dotted.split('.');
  const copy = structuredClone(root) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) {
    if (node[key] === null || typeof node[key] !== 'object') node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]] = value;
  return copy;
}

/** The target's plausible request with every mutation applied. */
export function buildRequest(target: Target, mutations: Mutation[]): WireRequest {
  const params = { ...target.pathParams };
  const query = new Map(Object.entries(target.query));
  const extraQuery: string[] = [];
  let body = target.body?.value;
  let contentType = target.body?.contentType;
  let rawBody: string | undefined;
  for (const m of mutations) {
    if (m.at === 'path') params[m.name] = m.sample.value;
    else if (m.at === 'query') query.set(m.name, m.sample.value);
    else if (m.at === 'query-shape') {
      query.delete(m.name);
      extraQuery.push(m.sample.value.replaceAll('NAME', m.name));
    } else if (m.at === 'query-extra') extraQuery.push(m.sample.value);
    else if (m.at === 'body-field') {
      body = setAt(body, m.name, m.sample.value);
      if (m.sample.value instanceof YamlFlow) contentType = 'application/yaml';
    } else if (m.at === 'body') {
      rawBody = m.sample.value.text;
      contentType = m.sample.value.contentType;
    } else contentType = m.sample.value;
  }
  const path = target.pathTemplate.replace(/\{([^}]+)\}/g, (_, name: string) => params[name] ?? 'x');
  const pairs = [...[...query].map(([k, v]) => `${encodeURIComponent(k)}=${v}`), ...extraQuery];
  const text = rawBody ?? (body === undefined ? undefined : serializeJson(body));
  return { method: target.method, path: pairs.length ? `${path}?${pairs.join('&')}` : path, contentType, body: text };
}
