import { Ajv, type ErrorObject, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { localizedDetail, type ErrorDetail } from '../errors/app-error.js';
import type { Language } from '../errors/language.js';
import { describeAjvError, describeAlternatives, tightZh, type FieldTexts } from './ajv-messages.js';
import { isCalendarDate, isCalendarDateOrDateTime, isCalendarDateTime } from './calendar.js';
import { addDecimalPlacesKeyword } from './decimal-places.js';
import { HOST_FORMATS } from './text-formats.js';

// ajv-formats is CommonJS: Node's default import is module.exports, which the typings call the namespace;
// the plugin is also exported as `default` on it, which is what both the types and the runtime agree on.
const addFormats = addFormatsModule.default;

/**
 * The host's one ajv set-up: every error reported (allErrors), unknown keywords tolerated (CRD schemas carry
 * x-kubernetes-* extensions), the standard formats (date-time, email, uri, …) and the host's own (cron,
 * time-zone, http-url, single-line-text, multi-line-text: text-formats.ts) and the `x-decimal-places` keyword of
 * money fields (decimal-places.ts). `date` and `date-time` are replaced by the host's calendar check (a day
 * that exists, no leap second: calendar.ts), and `date-or-date-time` takes either (query bounds). Callers add
 * the coercion and default options they need; compile once at start, never per request.
 */
export function createAjv(options: Options = {}): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, ...options });
  addFormats(ajv);
  for (const [name, validate] of Object.entries({ ...HOST_FORMATS, ...CALENDAR_FORMATS }))
    ajv.addFormat(name, { type: 'string', validate });
  addDecimalPlacesKeyword(ajv);
  return ajv;
}

/** The calendar formats: unlike the text formats they do not accept the empty string. */
const CALENDAR_FORMATS: Record<string, (value: string) => boolean> = {
  date: isCalendarDate,
  'date-time': isCalendarDateTime,
  'date-or-date-time': isCalendarDateOrDateTime,
};

/** `/items/0/a~1b` → ['items', '0', 'a/b'] (JSON pointer segments, unescaped). */
function pointerSegments(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export interface AjvDetailOptions {
  /**
   * How people call the field at a dotted path below the prefix (a settings form's label); by default the
   * path itself (`name`, `items.0.name`).
   */
  nameOf?: (path: string) => FieldTexts | undefined;
}

/** Which error speaks for a field when several fail there: the most basic problem first. */
const PRIORITY: Record<string, number> = {
  required: 0,
  additionalProperties: 0,
  'false schema': 0,
  type: 1,
  anyOf: 2,
  oneOf: 2,
  enum: 2,
  const: 2,
};
/** How the whole value is called when an error is about it rather than a field (by the caller's prefix). */
const ROOT_NAMES: Record<string, FieldTexts> = {
  '': { zh: '输入内容', en: 'the input' },
  body: { zh: '请求内容', en: 'the request body' },
  query: { zh: '查询参数', en: 'the query' },
  path: { zh: '路径参数', en: 'the path' },
};

interface Found {
  field: string;
  texts: FieldTexts;
  reason: string;
  priority: number;
}

/** The errors that speak for themselves: branches of an anyOf/oneOf and `if` wrappers are folded away. */
function standalone(errors: ErrorObject[]): { alone: ErrorObject[]; branchesOf: Map<ErrorObject, ErrorObject[]> } {
  const alternatives = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
  const branchesOf = new Map(alternatives.map((a) => [a, errors.filter((e) => e.schemaPath.startsWith(`${a.schemaPath}/`))]));
  const folded = new Set([...branchesOf.values()].flat());
  return { alone: errors.filter((e) => !folded.has(e) && e.keyword !== 'if'), branchesOf };
}

/**
 * ajv errors as error details, in the host's one field notation: the dotted path of the failing value below
 * `prefix` (`body.items.0.name`, `spec.price`, `auth.signUpEnabled`). For `required` and
 * `additionalProperties` the field names the missing or unknown property itself, not its parent object.
 * One detail per field (the most basic problem when several fail there), its message a sentence in zh-CN
 * (`message`) and English (`messageEn`) that names the field (ajv-messages.ts); an anyOf/oneOf is one
 * sentence, not one per branch. `reason` is the ajv keyword (the generic API turns it into a Kubernetes
 * cause reason).
 */
export function ajvErrorDetails(errors: ErrorObject[] | null | undefined, prefix = '', options: AjvDetailOptions = {}): ErrorDetail[] {
  const { alone, branchesOf } = standalone(errors ?? []);
  const byField = new Map<string, Found>();
  for (const e of alone) {
    const params = e.params as { missingProperty?: string; additionalProperty?: string };
    const property =
      e.keyword === 'required' ? params.missingProperty : e.keyword === 'additionalProperties' ? params.additionalProperty : undefined;
    const below = [...pointerSegments(e.instancePath), property].filter((p): p is string => p !== undefined && p !== '').join('.');
    const root = ROOT_NAMES[prefix] ?? { zh: prefix, en: prefix };
    const name = below === '' ? root : (options.nameOf?.(below) ?? { zh: below, en: below });
    const branches = branchesOf.get(e);
    const texts = branches ? describeAlternatives(e, branches, name) : describeAjvError(e, name);
    const field = [prefix, below].filter(Boolean).join('.');
    const found: Found = { field, texts, reason: e.keyword, priority: PRIORITY[e.keyword] ?? 3 };
    const known = byField.get(field);
    if (!known || found.priority < known.priority) byField.set(field, found);
  }
  return [...byField.values()].map((f) => ({ field: f.field, message: tightZh(f.texts.zh), messageEn: f.texts.en, reason: f.reason }));
}

const SUMMARY_ITEMS = 5;

/** The details' messages as one line in a language (`请填写 name；key 格式不正确`), the first few when many. */
export function detailSummary(details: ErrorDetail[], language: Language = 'en'): string {
  const texts = details.slice(0, SUMMARY_ITEMS).map((d) => localizedDetail(d, language));
  const more = details.length - texts.length;
  if (language === 'en') return texts.join('; ') + (more > 0 ? `; and ${more} more` : '');
  return texts.join('；') + (more > 0 ? `；另有 ${more} 项` : '');
}
