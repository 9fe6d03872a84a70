/**
 * The server's Setting schema (src/host/settings/types.ts, docs/settings.md) as the settings form renders
 * it: FormKit inputs mapped to Element Plus inputs, texts in the page's language (`label`/`help` are zh-CN;
 * other languages in `i18n: {en: {label, help}}`), values converted between the form and the API.
 */
import type { FormItemRule } from 'element-plus';
import { isMailbox } from '../../src/host/schema/plain-text.js';
import { listEntries, type ListEntry } from '../../src/host/settings/list-entries.js';
import { translate } from '../i18n/index.js';

export interface SettingTexts {
  [language: string]: { label?: string; help?: string } | undefined;
}

export interface SettingField {
  $formkit: string;
  name: string;
  label?: string;
  help?: string;
  value?: unknown;
  validation?: string;
  options?: unknown;
  secret?: boolean;
  multiple?: boolean;
  number?: string | boolean;
  /** A list of entries people read, each `{value, label, i18n: {en: {label}}}` (src/host/settings/list-entries.ts). */
  labelled?: boolean;
  /** A select whose choices the app loads from a named source (option-sources.ts), e.g. `roles`. */
  optionsFrom?: string;
  i18n?: SettingTexts;
}

export interface SettingForm {
  group: string;
  label?: string;
  i18n?: SettingTexts;
  formSchema: SettingField[];
}

/** What a configured secret reads as (docs/settings.md, Secrets). */
export const SECRET_MASK = '******';

export type InputKind =
  'text' | 'email' | 'url' | 'password' | 'number' | 'textarea' | 'list' | 'entries' | 'switch' | 'checkboxes' | 'select' | 'radio';

export function inputKind(field: SettingField): InputKind {
  switch (field.$formkit) {
    case 'password':
      return 'password';
    case 'number':
      return 'number';
    case 'textarea':
      return 'textarea';
    case 'list':
      return field.labelled ? 'entries' : 'list';
    case 'switch':
      return 'switch';
    case 'checkbox':
      return field.options ? 'checkboxes' : 'switch';
    case 'select':
      return 'select';
    case 'radio':
      return 'radio';
    case 'email':
      return 'email';
    case 'url':
      return 'url';
    default:
      return field.secret ? 'password' : 'text';
  }
}

export const isSecret = (field: SettingField) => field.secret === true || field.$formkit === 'password';

/** Label and help of a field or group in a language; the base text (zh-CN) when that language has none. */
export function textsOf(item: { label?: string; help?: string; i18n?: SettingTexts; name?: string; group?: string }, language: string) {
  const other = language === 'zh-CN' ? undefined : (item.i18n?.[language] ?? item.i18n?.[language.split('-')[0]]);
  return { label: other?.label ?? item.label ?? item.name ?? item.group ?? '', help: other?.help ?? item.help ?? '' };
}

export interface SettingOption {
  value: string | number | boolean;
  label: string;
}

/** The choices of select, radio and checkbox inputs: values, {value, label, i18n} objects or a value→label map. */
export function optionsOf(field: SettingField, language: string): SettingOption[] {
  const raw = field.options;
  if (Array.isArray(raw)) {
    return raw.map((o) => {
      if (o && typeof o === 'object') {
        const opt = o as { value: string | number | boolean; label?: string; i18n?: SettingTexts };
        return { value: opt.value, label: textsOf({ label: opt.label ?? String(opt.value), i18n: opt.i18n }, language).label };
      }
      return { value: o as string, label: String(o) };
    });
  }
  if (raw && typeof raw === 'object') return Object.entries(raw as Record<string, string>).map(([value, label]) => ({ value, label }));
  return [];
}

/** The stored value as the input holds it (a list as lines, a secret always empty: it is never shown). */
export function toModel(field: SettingField, value: unknown): unknown {
  const kind = inputKind(field);
  if (kind === 'password') return '';
  if (kind === 'switch') return Boolean(value);
  if (kind === 'checkboxes' || (kind === 'select' && field.multiple)) return Array.isArray(value) ? [...value] : [];
  if (kind === 'list') return Array.isArray(value) ? value.join('\n') : '';
  if (kind === 'entries') return entryRows(value);
  if (kind === 'number')
    return typeof value === 'number' ? value : value === '' || value === null || value === undefined ? null : Number(value);
  return value === undefined || value === null ? '' : value;
}

/** What the input holds as the API takes it. An emptied text or number field is null: back to its default. */
export function fromModel(field: SettingField, model: unknown): unknown {
  const kind = inputKind(field);
  if (kind === 'switch' || kind === 'checkboxes' || kind === 'radio' || kind === 'select') return model;
  if (kind === 'number') return model === null || model === undefined || model === '' ? null : Number(model);
  if (kind === 'list') {
    return String(model ?? '')
      .split(/\n/)
      .map((line) => line.trim())
      .filter(Boolean);
  }
  if (kind === 'entries') return rowEntries(model as EntryRow[]);
  if (kind === 'textarea') return String(model ?? '');
  const text = String(model ?? '').trim();
  return text === '' ? null : text;
}

/** One entry of a labelled list as its editor holds it: the stored value and a label per language. */
export interface EntryRow {
  value: string;
  zh: string;
  en: string;
}

/** Stored entries (or plain strings saved before labels) as editor rows. */
export function entryRows(value: unknown): EntryRow[] {
  return listEntries(value).map((e) => ({ value: e.value, zh: e.label, en: e.i18n?.en?.label ?? '' }));
}

/** Editor rows as entries to store: trimmed, blank rows left out, no English label no `i18n`. */
export function rowEntries(rows: EntryRow[] | undefined): ListEntry[] {
  return (rows ?? [])
    .map((r) => ({ value: r.value.trim(), zh: r.zh.trim(), en: r.en.trim() }))
    .filter((r) => r.value || r.zh || r.en)
    .map((r) => ({ value: r.value, label: r.zh, ...(r.en ? { i18n: { en: { label: r.en } } } : {}) }));
}

/** What is wrong with the rows, in the page's language ('' when nothing): each needs a value and a zh-CN label, values unique. */
export function entryRowsProblem(rows: EntryRow[] | undefined): string {
  const entries = rowEntries(rows);
  if (entries.some((e) => !e.value || !e.label)) return translate('settings.entries.incomplete');
  const twice = entries.find((e, i) => entries.findIndex((o) => o.value === e.value) !== i);
  return twice ? translate('settings.entries.duplicate', { value: twice.value }) : '';
}

/** The example in the mailbox message: passed as a value, since `@` in a catalog text is vue-i18n syntax. */
const MAILBOX_EXAMPLE = 'AuthPay <noreply@example.com>';

interface Validation {
  required: boolean;
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  email: boolean;
  url: boolean;
  mailbox: boolean;
}

/** The FormKit rules the browser can check before sending (the server checks them all again). */
export function parseValidation(rules: string | undefined): Validation {
  const out: Validation = { required: false, email: false, url: false, mailbox: false };
  // `matches:/…/` may hold a `|`: rules are split only where a known rule name follows.
  for (const rule of (rules ?? '').split(/\|(?=[a-z_]+(?::|$|\|))/)) {
    const [name, args = ''] = rule.split(/:(.*)/s);
    const nums = args.split(',').map(Number);
    if (name === 'required') out.required = true;
    else if (name === 'min') out.min = nums[0];
    else if (name === 'max') out.max = nums[0];
    else if (name === 'between') [out.min, out.max] = nums;
    else if (name === 'length') [out.minLength, out.maxLength] = [nums[0], args.includes(',') ? nums[1] : undefined];
    else if (name === 'email') out.email = true;
    else if (name === 'url' || name === 'http_url') out.url = true;
    else if (name === 'mailbox') out.mailbox = true;
  }
  return out;
}

export function numberBounds(field: SettingField): { min?: number; max?: number; integer: boolean } {
  const v = parseValidation(field.validation);
  return { min: v.min, max: v.max, integer: field.number === 'integer' || field.number === true };
}

/** el-form rules of a field, checked on blur and before saving; messages follow the page's language. */
export function rulesOf(field: SettingField): FormItemRule[] {
  const v = parseValidation(field.validation);
  const kind = inputKind(field);
  const rules: FormItemRule[] = [];
  const text = kind === 'text' || kind === 'email' || kind === 'url' || kind === 'textarea';
  if (v.required && kind !== 'switch' && kind !== 'password') {
    rules.push({ required: true, message: () => translate('validation.required'), trigger: 'blur' });
  }
  if (text && v.minLength)
    rules.push({ min: v.minLength, message: () => translate('validation.minLength', { n: v.minLength }, v.minLength), trigger: 'blur' });
  if (text && v.maxLength !== undefined)
    rules.push({ max: v.maxLength, message: () => translate('validation.maxLength', { n: v.maxLength }, v.maxLength), trigger: 'blur' });
  if (v.email) rules.push({ type: 'email', message: () => translate('validation.email'), trigger: 'blur' });
  if (v.url) {
    rules.push({
      validator: (_rule, value: string, done) =>
        !value || /^https?:\/\/[^\s/]+/i.test(value) ? done() : done(new Error(translate('validation.url'))),
      trigger: 'blur',
    });
  }
  if (kind === 'entries') {
    rules.push({
      validator: (_rule, rows: EntryRow[], done) => {
        const problem = entryRowsProblem(rows);
        return problem ? done(new Error(problem)) : done();
      },
      trigger: 'change',
    });
  }
  if (v.mailbox) {
    // The server's own check (src/host/schema/plain-text.ts), so the form refuses exactly what a save would.
    rules.push({
      validator: (_rule, value: string, done) =>
        !value?.trim() || isMailbox(value.trim()) ? done() : done(new Error(translate('validation.mailbox', { example: MAILBOX_EXAMPLE }))),
      trigger: 'blur',
    });
  }
  return rules;
}
