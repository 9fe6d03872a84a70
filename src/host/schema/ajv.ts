import { Ajv, type ErrorObject, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { ErrorDetail } from '../errors/app-error.js';
import { HOST_FORMAT_MESSAGES, HOST_FORMATS, type HostFormat } from './text-formats.js';

// ajv-formats is CommonJS: Node's default import is module.exports, which the typings call the namespace;
// the plugin is also exported as `default` on it, which is what both the types and the runtime agree on.
const addFormats = addFormatsModule.default;

/**
 * The host's one ajv set-up: every error reported (allErrors), unknown keywords tolerated (CRD schemas carry
 * x-kubernetes-* extensions), the standard formats (date-time, email, uri, …) and the host's own (cron,
 * time-zone, http-url, single-line-text, multi-line-text: text-formats.ts). Callers add the coercion and
 * default options they need; compile once at start, never per request.
 */
export function createAjv(options: Options = {}): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, ...options });
  addFormats(ajv);
  for (const [name, validate] of Object.entries(HOST_FORMATS)) ajv.addFormat(name, { type: 'string', validate });
  return ajv;
}

/** ajv's message, or for the host's formats one that says what is wrong ("must match format cron" does not). */
function messageOf(e: ErrorObject): string {
  const format = e.keyword === 'format' ? (e.params as { format?: string }).format : undefined;
  return format && Object.hasOwn(HOST_FORMAT_MESSAGES, format) ? HOST_FORMAT_MESSAGES[format as HostFormat] : (e.message ?? 'invalid');
}

/** `/items/0/a~1b` → ['items', '0', 'a/b'] (JSON pointer segments, unescaped). */
function pointerSegments(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * ajv errors as error details, in the host's one field notation: the dotted path of the failing value below
 * `prefix` (`body.items.0.name`, `spec.price`, `auth.signUpEnabled`). For `required` and
 * `additionalProperties` the field names the missing or unknown property itself, not its parent object.
 * `reason` is the ajv keyword (the generic API turns it into a Kubernetes cause reason).
 */
export function ajvErrorDetails(errors: ErrorObject[] | null | undefined, prefix = ''): ErrorDetail[] {
  return (errors ?? []).map((e) => {
    const params = e.params as { missingProperty?: string; additionalProperty?: string };
    const property =
      e.keyword === 'required' ? params.missingProperty : e.keyword === 'additionalProperties' ? params.additionalProperty : undefined;
    const path = [prefix, ...pointerSegments(e.instancePath), property].filter((p): p is string => p !== undefined && p !== '');
    return { field: path.join('.'), message: messageOf(e), reason: e.keyword };
  });
}

/** One line naming every failing field: `body.size must be <= 500; body.name must have required property 'name'`. */
export function detailSummary(details: ErrorDetail[]): string {
  return details.map((d) => `${d.field || '<root>'} ${d.message}`).join('; ');
}
