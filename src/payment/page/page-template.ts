import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** templates/payment/ of the package (two levels above src/payment/page and dist/payment/page). */
export const PAGE_TEMPLATE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'templates', 'payment');

const cache = new Map<string, string>();

export function readTemplate(file: string): string {
  let text = cache.get(file);
  if (text === undefined) cache.set(file, (text = fs.readFileSync(path.join(PAGE_TEMPLATE_DIR, file), 'utf8')));
  return text;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Fills a template: `<!-- block:x -->…<!-- /block:x -->` sections are kept only when blocks[x] is true,
 * `{{{name}}}` inserts trusted HTML (only values this service generated, like the QR SVG), `{{name}}`
 * inserts HTML-escaped text.
 */
export function fillTemplate(
  template: string,
  blocks: Record<string, boolean>,
  vars: Record<string, string>,
  trusted: Record<string, string>,
): string {
  let out = template;
  for (const [name, keep] of Object.entries(blocks)) {
    const re = new RegExp(`<!-- block:${name} -->\\n?([\\s\\S]*?)<!-- /block:${name} -->\\n?`, 'g');
    out = out.replace(re, (_m, inner: string) => (keep ? inner : ''));
  }
  out = out.replace(/\{\{\{(\w+)\}\}\}/g, (_m, key: string) => trusted[key] ?? '');
  return out.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => escapeHtml(vars[key] ?? ''));
}
