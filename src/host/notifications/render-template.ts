import { ValidationError } from '../errors/app-error.js';
import { SafeHtml, escapeHtml, htmlToText } from './safe-html.js';
import type { TemplateSource, TemplateVariable } from './types.js';

/** One piece of a compiled body: literal text or a placeholder (`raw` for the triple-brace form). */
type Segment = string | { path: string; raw: boolean };

export interface CompiledTemplate {
  id: string;
  title: Segment[];
  html: Segment[];
  text: Segment[];
  variables: TemplateVariable[];
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
  for (const segment of [...compiled.title, ...compiled.html, ...compiled.text]) {
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
    if (node === null || typeof node !== 'object' || node instanceof SafeHtml) return undefined;
    if (!Object.prototype.hasOwnProperty.call(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function plain(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (value instanceof SafeHtml) return htmlToText(value.html);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function renderHtml(segments: Segment[], variables: Record<string, unknown>): string {
  return segments
    .map((s) => {
      if (typeof s === 'string') return s;
      const value = lookup(variables, s.path);
      // Only values marked as sanitized skip escaping, and only through the raw form.
      if (s.raw && value instanceof SafeHtml) return value.html;
      return escapeHtml(plain(value));
    })
    .join('');
}

function renderText(segments: Segment[], variables: Record<string, unknown>): string {
  return segments.map((s) => (typeof s === 'string' ? s : plain(lookup(variables, s.path)))).join('');
}

/** Renders the three bodies; fails naming every required variable the caller left out. */
export function renderTemplate(template: CompiledTemplate, variables: Record<string, unknown>): RenderedMessage {
  const missing = template.variables.filter((v) => v.required !== false && lookup(variables, v.name) === undefined);
  if (missing.length) {
    const names = missing.map((v) => v.name).join(', ');
    throw new ValidationError(
      `notification template "${template.id}" needs variables: ${names}`,
      missing.map((v) => ({ field: `variables.${v.name}`, message: 'required' })),
    );
  }
  return {
    // A subject is one line: a newline there would start a new mail header.
    title: renderText(template.title, variables)
      .replace(/[\r\n]+/g, ' ')
      .trim(),
    html: renderHtml(template.html, variables),
    text: renderText(template.text, variables),
  };
}
