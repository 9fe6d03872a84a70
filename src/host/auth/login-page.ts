import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { negotiateLanguage, type Language } from '../errors/language.js';

const TEMPLATE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'templates', 'login.html');

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Only same-site relative paths are followed after log-in (no open redirect to another host). */
export function safeRedirect(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return /^[\x21-\x7e]{1,2048}$/.test(value) ? value : '/';
}

const TEXTS: Record<Language, Record<string, string>> = {
  'zh-CN': {
    title: '登录',
    heading: '登录 AuthPay',
    usernameLabel: '用户名',
    passwordLabel: '密码',
    submit: '登录',
    noAccount: '没有账号？',
    signUp: '注册',
    otherLangName: 'English',
  },
  en: {
    title: 'Log in',
    heading: 'Log in to AuthPay',
    usernameLabel: 'User name',
    passwordLabel: 'Password',
    submit: 'Log in',
    noAccount: 'No account yet?',
    signUp: 'Sign up',
    otherLangName: '中文',
  },
};

/** `?lang=zh-CN|en` when given (the page's own switch sets it), else the browser's Accept-Language. */
export function loginLanguage(lang: unknown, acceptLanguage: string | string[] | undefined): Language {
  if (typeof lang === 'string' && /^zh(-cn)?$/i.test(lang)) return 'zh-CN';
  if (typeof lang === 'string' && /^en$/i.test(lang)) return 'en';
  return negotiateLanguage(acceptLanguage);
}

let cached: string | undefined;

/** Renders templates/login.html in a language; every value is HTML-escaped. */
export function renderLoginPage(values: { error?: string; username?: string; redirect?: string; language?: Language }): string {
  cached ??= fs.readFileSync(TEMPLATE, 'utf8');
  const language = values.language ?? 'zh-CN';
  const redirect = safeRedirect(values.redirect);
  const vars: Record<string, string> = {
    ...TEXTS[language],
    lang: language,
    otherLang: language === 'en' ? 'zh-CN' : 'en',
    error: values.error ?? '',
    username: values.username ?? '',
    redirect,
    redirectQuery: encodeURIComponent(redirect),
  };
  return cached.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => escapeHtml(vars[key] ?? ''));
}
