import type { ErrorObject } from 'ajv';
import type { ErrorTexts } from '../errors/error-catalog.js';

/**
 * ajv errors as plain sentences in zh-CN and English that name the field: `请填写 name` / `name is required`,
 * `key 只能包含字母、数字和连字符` / `key may contain only letters, digits and hyphens`. No regular expression,
 * keyword or schema path reaches a person; an unknown pattern reads "has an invalid format".
 */
export type FieldTexts = ErrorTexts;

type Params = Record<string, unknown>;
type Describe = (name: FieldTexts, params: Params) => FieldTexts;

const TYPE_WORDS: Record<string, FieldTexts> = {
  string: { zh: '文本', en: 'a text' },
  number: { zh: '数字', en: 'a number' },
  integer: { zh: '整数', en: 'a whole number' },
  boolean: { zh: '是或否（true/false）', en: 'true or false' },
  array: { zh: '列表', en: 'a list' },
  object: { zh: '对象', en: 'an object' },
  null: { zh: '空值（null）', en: 'null' },
};

/** Words for the patterns the schemas use (the regular expression itself is never shown). */
const PATTERN_WORDS: Record<string, FieldTexts> = {
  '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$': {
    zh: '只能包含小写字母、数字和连字符，且以字母或数字开头和结尾',
    en: 'may contain only lower-case letters, digits and hyphens, starting and ending with a letter or digit',
  },
  '^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$': {
    zh: '只能包含小写字母、数字、连字符和点，且以字母或数字开头和结尾',
    en: 'may contain only lower-case letters, digits, hyphens and dots, starting and ending with a letter or digit',
  },
  '^[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$': {
    zh: '只能包含字母、数字、连字符、下划线和点，且以字母或数字开头和结尾',
    en: 'may contain only letters, digits, hyphens, underscores and dots, starting and ending with a letter or digit',
  },
  '^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$': { zh: '只能包含字母、数字和连字符', en: 'may contain only letters, digits and hyphens' },
  '^[A-Za-z0-9_-]+$': { zh: '只能包含字母、数字、下划线和连字符', en: 'may contain only letters, digits, underscores and hyphens' },
  '^[A-Za-z][A-Za-z0-9_-]*$': {
    zh: '须以字母开头，只能包含字母、数字、下划线和连字符',
    en: 'must start with a letter and contain only letters, digits, underscores and hyphens',
  },
  '^[A-Z][A-Z0-9_]*$': {
    zh: '只能包含大写字母、数字和下划线，且以字母开头',
    en: 'may contain only capital letters, digits and underscores',
  },
  '^[A-Z]{3}$': { zh: '须为 3 个大写字母的币种代码，如 CNY', en: 'must be a three-letter currency code such as CNY' },
  '^[A-Za-z]{3}$': { zh: '须为 3 个字母的币种代码，如 CNY', en: 'must be a three-letter currency code such as CNY' },
  '^[0-9]+$': { zh: '只能包含数字', en: 'may contain only digits' },
  '^\\d{4}-\\d{2}-\\d{2}$': { zh: '须为 yyyy-mm-dd 格式的日期', en: 'must be a date as yyyy-mm-dd' },
  '^https?://': { zh: '须以 http:// 或 https:// 开头', en: 'must start with http:// or https://' },
  '^(https?://|/)': { zh: '须以 http://、https:// 或 / 开头', en: 'must start with http://, https:// or /' },
  '^(|https?://.*|/.*)$': { zh: '须为空或以 http://、https:// 或 / 开头', en: 'must be empty or start with http://, https:// or /' },
  '\\S': { zh: '不能只包含空白', en: 'must not be blank' },
  '^[\\x21-\\x7e]+$': { zh: '只能包含可见的 ASCII 字符（不含空格）', en: 'may contain only visible ASCII characters (no spaces)' },
  '^[0-9a-f]{64}$': { zh: '须为 64 位十六进制字符', en: 'must be 64 hexadecimal characters' },
  '^[0-9a-f]{40}$': { zh: '须为 40 位十六进制字符', en: 'must be 40 hexadecimal characters' },
  '^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$': { zh: '须为 8 位授权码', en: 'must be an 8-character code' },
  '^\\+?[0-9][0-9 ()-]*[0-9]$': { zh: '须为电话号码', en: 'must be a telephone number' },
};

const FORMAT_WORDS: Record<string, FieldTexts> = {
  email: { zh: '不是有效的邮箱地址', en: 'is not a valid e-mail address' },
  'date-time': { zh: '须为 RFC 3339 时间，如 2025-01-31T08:00:00Z', en: 'must be an RFC 3339 time such as 2025-01-31T08:00:00Z' },
  date: { zh: '须为存在的日期，格式 yyyy-mm-dd', en: 'must be a date that exists, as yyyy-mm-dd' },
  'date-or-date-time': {
    zh: '须为存在的日期（yyyy-mm-dd）或 RFC 3339 时间，如 2025-01-31T08:00:00Z',
    en: 'must be a date that exists (yyyy-mm-dd) or an RFC 3339 time such as 2025-01-31T08:00:00Z',
  },
  time: { zh: '须为 hh:mm:ss 格式的时间', en: 'must be a time as hh:mm:ss' },
  uri: { zh: '须为完整的网址', en: 'must be a full address (URI)' },
  url: { zh: '须为完整的网址', en: 'must be a full address (URL)' },
  'uri-reference': { zh: '须为网址或路径', en: 'must be an address or a path' },
  hostname: { zh: '须为有效的主机名', en: 'must be a valid host name' },
  ipv4: { zh: '须为 IPv4 地址', en: 'must be an IPv4 address' },
  ipv6: { zh: '须为 IPv6 地址', en: 'must be an IPv6 address' },
  uuid: { zh: '须为 UUID', en: 'must be a UUID' },
  cron: {
    zh: '须为有效的 cron 表达式（秒 分 时 日 月 周，秒可省略），如 0 */5 * * * *',
    en: 'must be a valid cron expression (seconds optional), e.g. 0 */5 * * * *',
  },
  'time-zone': { zh: '须为 IANA 时区名称，如 Asia/Shanghai', en: 'must be an IANA time zone name, e.g. Asia/Shanghai' },
  'http-url': { zh: '须为以 http:// 或 https:// 开头的完整网址', en: 'must be an absolute http:// or https:// URL' },
  mailbox: {
    zh: '须为电子邮件地址，如 noreply@example.com 或 AuthPay <noreply@example.com>',
    en: 'must be an e-mail address, e.g. noreply@example.com or AuthPay <noreply@example.com>',
  },
  'single-line-text': {
    zh: '不能包含控制字符、换行、不成对的代理字符或双向控制字符',
    en: 'must not contain control characters, line breaks, unpaired surrogates or bidi override characters',
  },
  'multi-line-text': {
    zh: '不能包含控制字符、不成对的代理字符或双向控制字符',
    en: 'must not contain control characters, unpaired surrogates or bidi override characters',
  },
};

const MAX_LISTED = 12;

/** Allowed values as words: `a、b、c` / `a, b, c`, cut after a dozen. */
function listOf(values: unknown[]): FieldTexts {
  const shown = values.slice(0, MAX_LISTED).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  const more = values.length - shown.length;
  return {
    zh: shown.join('、') + (more > 0 ? ` 等 ${values.length} 项` : ''),
    en: shown.join(', ') + (more > 0 ? ` and ${more} more` : ''),
  };
}

function typeWords(type: unknown): FieldTexts {
  const names = String(type).split(',');
  const words = names.map((t) => TYPE_WORDS[t] ?? { zh: t, en: t });
  return { zh: words.map((w) => w.zh).join('或'), en: words.map((w) => w.en).join(' or ') };
}

const say = (zh: string, en: string): FieldTexts => ({ zh, en });

const DESCRIBE: Record<string, Describe> = {
  required: (n) => say(`请填写 ${n.zh}`, `${n.en} is required`),
  additionalProperties: (n) => say(`不支持的字段 ${n.zh}`, `${n.en} is not a known field`),
  unevaluatedProperties: (n) => say(`不支持的字段 ${n.zh}`, `${n.en} is not a known field`),
  'false schema': (n) => say(`不允许填写 ${n.zh}`, `${n.en} is not allowed`),
  type: (n, p) => {
    const t = typeWords(p.type);
    return say(`${n.zh} 须为${t.zh}`, `${n.en} must be ${t.en}`);
  },
  enum: (n, p) => {
    const l = listOf((p.allowedValues as unknown[]) ?? []);
    return say(`${n.zh} 只能是以下之一：${l.zh}`, `${n.en} must be one of: ${l.en}`);
  },
  const: (n, p) => {
    const l = listOf([p.allowedValue]);
    return say(`${n.zh} 只能是 ${l.zh}`, `${n.en} must be ${l.en}`);
  },
  minLength: (n, p) =>
    p.limit === 1
      ? say(`${n.zh} 不能为空`, `${n.en} must not be empty`)
      : say(`${n.zh} 至少 ${p.limit} 个字符`, `${n.en} needs at least ${p.limit} characters`),
  maxLength: (n, p) => say(`${n.zh} 最多 ${p.limit} 个字符`, `${n.en} allows at most ${p.limit} characters`),
  minimum: (n, p) => say(`${n.zh} 不能小于 ${p.limit}`, `${n.en} must be at least ${p.limit}`),
  maximum: (n, p) => say(`${n.zh} 不能大于 ${p.limit}`, `${n.en} must be at most ${p.limit}`),
  exclusiveMinimum: (n, p) => say(`${n.zh} 须大于 ${p.limit}`, `${n.en} must be greater than ${p.limit}`),
  exclusiveMaximum: (n, p) => say(`${n.zh} 须小于 ${p.limit}`, `${n.en} must be less than ${p.limit}`),
  'x-decimal-places': (n, p) =>
    Number(p.limit) === 0
      ? say(`${n.zh} 须为整数，不能有小数`, `${n.en} must be a whole number, without decimals`)
      : say(`${n.zh} 最多 ${p.limit} 位小数`, `${n.en} allows at most ${p.limit} decimal places`),
  multipleOf: (n, p) => say(`${n.zh} 须为 ${p.multipleOf} 的倍数`, `${n.en} must be a multiple of ${p.multipleOf}`),
  minItems: (n, p) =>
    p.limit === 1
      ? say(`${n.zh} 至少需要一项`, `${n.en} needs at least one item`)
      : say(`${n.zh} 至少需要 ${p.limit} 项`, `${n.en} needs at least ${p.limit} items`),
  maxItems: (n, p) => say(`${n.zh} 最多 ${p.limit} 项`, `${n.en} allows at most ${p.limit} items`),
  uniqueItems: (n, p) =>
    say(`${n.zh} 有重复项（第 ${Number(p.j) + 1} 和第 ${Number(p.i) + 1} 项）`, `${n.en} has duplicate items (${p.j} and ${p.i})`),
  minProperties: (n, p) => say(`${n.zh} 至少需要 ${p.limit} 个字段`, `${n.en} needs at least ${p.limit} fields`),
  maxProperties: (n, p) => say(`${n.zh} 最多 ${p.limit} 个字段`, `${n.en} allows at most ${p.limit} fields`),
  pattern: (n, p) => {
    const words = PATTERN_WORDS[String(p.pattern)];
    return words ? say(`${n.zh} ${words.zh}`, `${n.en} ${words.en}`) : say(`${n.zh} 格式不正确`, `${n.en} has an invalid format`);
  },
  format: (n, p) => {
    const words = FORMAT_WORDS[String(p.format)];
    return words ? say(`${n.zh} ${words.zh}`, `${n.en} ${words.en}`) : say(`${n.zh} 格式不正确`, `${n.en} has an invalid format`);
  },
  propertyNames: (n, p) =>
    say(`${n.zh} 含有不允许的键 ${String(p.propertyName)}`, `${n.en} has a key that is not allowed: ${String(p.propertyName)}`),
  dependentRequired: (n, p) =>
    say(`填写 ${p.property} 时也须填写 ${p.missingProperty}`, `${p.missingProperty} is required when ${p.property} is given`),
  dependencies: (n, p) =>
    say(`填写 ${p.property} 时也须填写 ${p.missingProperty}`, `${p.missingProperty} is required when ${p.property} is given`),
  not: (n) => say(`${n.zh} 的值不被允许`, `${n.en} has a value that is not allowed`),
  contains: (n) => say(`${n.zh} 缺少符合要求的项`, `${n.en} lacks an item of the required kind`),
};

/**
 * Chinese sets no space between two Chinese words: a field named by its Chinese label reads `用户名只能包含…`,
 * while an identifier or number keeps its spaces (`key 格式不正确`, `至少 3 个字符`).
 */
export function tightZh(text: string): string {
  return text.replace(/(?<=[\p{Script=Han}）」”])\s+(?=[\p{Script=Han}（「“])/gu, '');
}

/** One error as a sentence naming the field (`name` is the field as people should read it). */
export function describeAjvError(e: ErrorObject, name: FieldTexts): FieldTexts {
  const describe = DESCRIBE[e.keyword];
  return describe ? describe(name, e.params as Params) : say(`${name.zh} 的值无效`, `${name.en} is invalid`);
}

/**
 * One sentence for an anyOf/oneOf whose branches all failed: the allowed types or values when every branch
 * says what it wants at the field itself, "one of a, b is required" for required-only branches, else that
 * the value matches none of the accepted forms (never one line per branch).
 */
export function describeAlternatives(e: ErrorObject, branches: ErrorObject[], name: FieldTexts): FieldTexts {
  if (e.keyword === 'oneOf' && (e.params as Params).passingSchemas)
    return say(`${name.zh} 同时符合多种格式，只能符合一种`, `${name.en} matches more than one accepted form`);
  const atField = branches.filter((b) => b.instancePath === e.instancePath);
  if (atField.length === branches.length && branches.length > 0) {
    if (branches.every((b) => b.keyword === 'required')) {
      const l = listOf([...new Set(branches.map((b) => (b.params as Params).missingProperty))]);
      return say(`请至少填写其中一项：${l.zh}`, `one of ${l.en} is required`);
    }
    if (branches.every((b) => ['type', 'enum', 'const'].includes(b.keyword))) return allowedValuesOrTypes(branches, name);
  }
  const fields = involvedFields(e, branches);
  if (fields.length > 1) {
    const l = listOf(fields);
    return say(`${name.zh} 中 ${l.zh} 的取值组合不被允许`, `${name.en}: this combination of ${l.en} is not allowed`);
  }
  return say(`${name.zh} 不符合任何一种允许的格式`, `${name.en} does not match any accepted form`);
}

/** The properties (directly below the alternatives' value) that the failing branches talk about. */
function involvedFields(e: ErrorObject, branches: ErrorObject[]): string[] {
  const names = branches.map((b) => {
    const below = b.instancePath.slice(e.instancePath.length).split('/').filter(Boolean)[0];
    return below ?? (b.params as Params).missingProperty;
  });
  return [...new Set(names.filter((n): n is string => typeof n === 'string' && n !== ''))];
}

function allowedValuesOrTypes(branches: ErrorObject[], name: FieldTexts): FieldTexts {
  const values: unknown[] = [];
  const types: string[] = [];
  for (const b of branches) {
    const p = b.params as Params;
    if (b.keyword === 'enum') values.push(...((p.allowedValues as unknown[]) ?? []));
    else if (b.keyword === 'const') values.push(p.allowedValue);
    else types.push(String(p.type));
  }
  if (types.length === 0) {
    const l = listOf([...new Set(values)]);
    return say(`${name.zh} 只能是以下之一：${l.zh}`, `${name.en} must be one of: ${l.en}`);
  }
  const t = typeWords([...new Set(types.join(',').split(','))].join(','));
  if (values.length === 0) return say(`${name.zh} 须为${t.zh}`, `${name.en} must be ${t.en}`);
  const l = listOf([...new Set(values)]);
  return say(`${name.zh} 须为${t.zh}，或以下之一：${l.zh}`, `${name.en} must be ${t.en}, or one of: ${l.en}`);
}
