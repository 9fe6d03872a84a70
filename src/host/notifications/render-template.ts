import { ValidationError } from '../errors/app-error.js';
import { DEFAULT_LANGUAGE, type Language } from '../errors/language.js';
import { LocalizedText } from './localized-text.js';
import { SafeHtml, escapeHtml, htmlToText } from './safe-html.js';
import type { TemplateSource, TemplateVariable } from './types.js';

/** One piece of a compiled body: literal text or a placeholder (`raw` for the triple-brace form). */
type Segment = string | { path: string; raw: boolean };

interface CompiledBodies {
  title: Segment[];
  html: Segment[];
  text: Segment[];
}

/** The base bodies are zh-CN; `en` holds the English ones (each falling back to the base when not given). */
export interface CompiledTemplate extends CompiledBodies {
  id: string;
  variables: TemplateVariable[];
  en?: CompiledBodies;
}

export interface RenderedMessage {
  title: string;
  html: string;
  text: string;
}

/** Variables every template may use without declaring them; the center fills them per recipient. */
export const BUILT_IN_ROOTS = ['recipient', 'site'];

const PLACEHOLDER = /\{\{\{\s*([A-Za-z_][\w.]*)\s*\}\}\}|\{\{\s*([A-Za-z_][\w.]*)\s*\}\}/g;

function parse(body: string): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  for (const m of body.matchAll(PLACEHOLDER)) {
    if (m.index > last) out.push(body.slice(last, m.index));
    out.push({ path: m[1] ?? m[2], raw: m[1] !== undefined });
    last = m.index + m[0].length;
  }
  if (last < body.length) out.push(body.slice(last));
  return out;
}

/**
 * Compiles a template and checks that every placeholder names a declared variable (or a built-in one),
 * so a typo fails when the template is loaded, not when a message goes out half-filled.
 */
export function compileTemplate(id: string, source: TemplateSource): CompiledTemplate {
  const variables = source.variables ?? [];
  const declared = new Set(variables.map((v) => v.name));
  const compiled: CompiledTemplate = { id, title: parse(source.title), html: parse(source.html), text: parse(source.text), variables };
  const en = source.i18n?.en;
  if (en) {
    const html = en.html ?? source.html;
    // English text derived from the English html when only that is given, never the Chinese base text.
    const text = en.text ?? (en.html !== undefined ? htmlToText(en.html) : source.text);
    compiled.en = { title: parse(en.title ?? source.title), html: parse(html), text: parse(text) };
  }
  const all = [compiled, ...(compiled.en ? [compiled.en] : [])].flatMap((b) => [...b.title, ...b.html, ...b.text]);
  for (const segment of all) {
    if (typeof segment === 'string') continue;
    const root = segment.path.split('.')[0];
    if (!declared.has(segment.path) && !declared.has(root) && !BUILT_IN_ROOTS.includes(root)) {
      throw new ValidationError(`notification template "${id}" uses undeclared variable "${segment.path}"`, [
        { field: segment.path, message: 'not declared in variables' },
      ]);
    }
  }
  return compiled;
}

function lookup(variables: Record<string, unknown>, path: string): unknown {
  if (Object.prototype.hasOwnProperty.call(variables, path)) return variables[path];
  let node: unknown = variables;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object' || node instanceof SafeHtml || node instanceof LocalizedText) return undefined;
    if (!Object.prototype.hasOwnProperty.call(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function plain(value: unknown, language: Language): string {
  if (value === undefined || value === null) return '';
  if (value instanceof LocalizedText) return value.in(language);
  if (value instanceof SafeHtml) return htmlToText(value.html);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => plain(v, language)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function renderHtml(segments: Segment[], variables: Record<string, unknown>, language: Language): string {
  return segments
    .map((s) => {
      if (typeof s === 'string') return s;
      const value = lookup(variables, s.path);
      // Only values marked as sanitized skip escaping, and only through the raw form.
      if (s.raw && value instanceof SafeHtml) return value.html;
      return escapeHtml(plain(value, language));
    })
    .join('');
}

function renderText(segments: Segment[], variables: Record<string, unknown>, language: Language): string {
  return segments.map((s) => (typeof s === 'string' ? s : plain(lookup(variables, s.path), language))).join('');
}

/**
 * Renders the three bodies in a language: the template's bodies of that language (the base ones for zh-CN or
 * when it has none), LocalizedText values in that language. Fails naming every required variable left out.
 */
export function renderTemplate(
  template: CompiledTemplate,
  variables: Record<string, unknown>,
  language: Language = DEFAULT_LANGUAGE,
): RenderedMessage {
  const missing = template.variables.filter((v) => v.required !== false && lookup(variables, v.name) === undefined);
  if (missing.length) {
    const names = missing.map((v) => v.name).join(', ');
    throw new ValidationError(
      `notification template "${template.id}" needs variables: ${names}`,
      missing.map((v) => ({ field: `variables.${v.name}`, message: 'required' })),
    );
  }
  const bodies = (language === 'en' && template.en) || template;
  return {
    // A subject is one line: a newline there would start a new mail header.
    title: renderText(bodies.title, variables, language)
      .replace(/[\r\n]+/g, ' ')
      .trim(),
    html: renderHtml(bodies.html, variables, language),
    text: renderText(bodies.text, variables, language),
  };
}
