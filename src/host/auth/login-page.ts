import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TEMPLATE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'templates', 'login.html');

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Only same-site relative paths are followed after log-in (no open redirect to another host). */
export function safeRedirect(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return /^[\x21-\x7e]{1,2048}$/.test(value) ? value : '/';
}

let cached: string | undefined;

/** Renders templates/login.html; every value is HTML-escaped. */
export function renderLoginPage(values: { error?: string; username?: string; redirect?: string }): string {
  cached ??= fs.readFileSync(TEMPLATE, 'utf8');
  const vars: Record<string, string> = {
    error: values.error ?? '',
    username: values.username ?? '',
    redirect: safeRedirect(values.redirect),
  };
  return cached.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => escapeHtml(vars[key] ?? ''));
}
