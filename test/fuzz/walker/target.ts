import type { Sample } from '../generators/sample.js';
import type { RawBody } from '../generators/bodies.js';

/** Who sends a request: nobody, a plain user with a personal access token, the administrator. */
export type Caller = 'anonymous' | 'user' | 'admin';
export const CALLERS: Caller[] = ['anonymous', 'user', 'admin'];

/**
 * One thing the API can be asked to do, with a plausible request for it: an OpenAPI operation, or one verb
 * of one generic kind. Mutations replace one part of that request with a hostile value.
 */
export interface Target {
  /** operationId, or generic:<plural>:<verb>. */
  id: string;
  method: string;
  /** Path with {param} placeholders. */
  pathTemplate: string;
  /** Plausible, already-encoded values of the path parameters. */
  pathParams: Record<string, string>;
  /** Plausible, already-encoded query parameters sent unless mutated. */
  query: Record<string, string>;
  /** Every query parameter the target declares (each is a mutation location). */
  queryNames: string[];
  body?: { contentType: string; value: unknown };
  /** Dotted paths into body.value that are mutation locations. */
  bodyFields: string[];
  /** The caller that is allowed through (the sweep sends every value as this caller). */
  natural: Caller;
  /**
   * "light" when other targets run the same handler (the generic verbs of every kind but the first of its
   * group): the sweep then sends one family per shared location, by rotation, and every family only at the
   * kind's own spec fields.
   */
  sweep: 'full' | 'light';
}

/** One hostile change to a target's plausible request. */
export type Mutation =
  | { at: 'path'; name: string; sample: Sample<string> }
  | { at: 'query'; name: string; sample: Sample<string> }
  /** A query fragment with NAME standing for the parameter (repeated keys, brackets). */
  | { at: 'query-shape'; name: string; sample: Sample<string> }
  /** A raw query fragment added to the rest. */
  | { at: 'query-extra'; sample: Sample<string> }
  | { at: 'body-field'; name: string; sample: Sample<unknown> }
  | { at: 'body'; sample: Sample<RawBody> }
  | { at: 'content-type'; sample: Sample<string | undefined> };

export function locationOf(m: Mutation): string {
  switch (m.at) {
    case 'path':
    case 'query':
    case 'query-shape':
    case 'body-field':
      return `${m.at}:${m.name}`;
    default:
      return m.at;
  }
}
