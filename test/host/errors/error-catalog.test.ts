/**
 * Every error code the server can send has a default message in zh-CN and English (issue #16 item 3): the
 * codes are read from the source (AppError and ChannelError constructions, error subclasses, the code
 * tables), so a new code without catalog texts fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@jest/globals';
import { defaultErrorMessage, registerErrorMessages, registeredErrorCodes } from '../../../src/host/errors/error-catalog.js';
import { ERROR_STATUS } from '../../../src/host/errors/app-error.js';
import { hasChineseText } from '../../../src/host/errors/language.js';
import { PLUGIN_AUTH_ERROR_MESSAGES } from '../../../src/plugin-auth/api/error-messages.js';
import { CODE_ERRORS, CODE_ERROR_MESSAGES } from '../../../src/plugin-auth/codes/code-errors.js';
import { PAYMENT_ERROR_MESSAGES } from '../../../src/payment/api/error-messages.js';
import { CHANNEL_ERROR_STATUS } from '../../../src/payment/channels/core/errors.js';

const SRC = path.resolve('src');
/** Constructions whose code is a variable, and where that variable's codes are listed (a table read below). */
const DYNAMIC_CODE_SITES = new Set([
  'plugin-auth/codes/code-errors.ts',
  // MISSING_SIGNATURE or BAD_SIGNATURE from the signature check: ChannelError codes (CHANNEL_ERROR_STATUS).
  'payment/channels/epay/notify.ts',
  // A checkout the payment service refused: its code and texts, relayed from the CheckoutRequest's status (payment's codes).
  'plugin-auth/purchases/purchase-errors.ts',
]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

const ERROR_CLASS = '(?:AppError|ChannelError|[A-Z][A-Za-z]*Error)';

function codesInSource(): { codes: Map<string, string[]>; dynamic: string[] } {
  const codes = new Map<string, string[]>();
  const dynamic: string[] = [];
  const add = (code: string, file: string) => codes.set(code, [...(codes.get(code) ?? []), file]);
  for (const file of sourceFiles(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    const rel = path.relative(SRC, file);
    for (const m of text.matchAll(/new\s+(?:AppError|ChannelError)\(\s*(['"`]?)([A-Za-z_][\w]*)/g)) {
      if (m[1]) add(m[2], rel);
      else if (!DYNAMIC_CODE_SITES.has(rel)) dynamic.push(`${rel}: new …(${m[2]}`);
    }
    // Error subclasses: super('CODE', …), or a code chosen in the constructor (`const code = … ? 'A' : 'B'`).
    if (new RegExp(`extends ${ERROR_CLASS}`).test(text)) {
      for (const m of text.matchAll(/super\(\s*'([A-Z][A-Z0-9_]*)'/g)) add(m[1], rel);
      for (const line of text.match(/const code = [^;]*;/g) ?? []) for (const m of line.matchAll(/'([A-Z][A-Z0-9_]*)'/g)) add(m[1], rel);
    }
  }
  for (const table of [ERROR_STATUS, CHANNEL_ERROR_STATUS, CODE_ERRORS]) for (const code of Object.keys(table)) add(code, 'code table');
  return { codes, dynamic };
}

registerErrorMessages(PLUGIN_AUTH_ERROR_MESSAGES);
registerErrorMessages(CODE_ERROR_MESSAGES);
registerErrorMessages(PAYMENT_ERROR_MESSAGES);

test('the scan finds the codes of every family (it reads constructions, subclasses and tables)', () => {
  const { codes } = codesInSource();
  for (const code of [
    'NOT_FOUND',
    'VALIDATION_FAILED',
    'AUTH_LIMIT_EXCEEDED',
    'CODE_USED',
    'CHANNEL_REJECTED',
    'INVALID_AMOUNT',
    'NOTIFY_TARGET_BLOCKED',
  ])
    expect(codes.has(code)).toBe(true);
});

test('every error code used in src has a default message in zh-CN and English', () => {
  const { codes } = codesInSource();
  const missing = [...codes]
    .filter(([code]) => !defaultErrorMessage(code, 'zh-CN') || !defaultErrorMessage(code, 'en'))
    .map(([code, files]) => `${code} (${[...new Set(files)].join(', ')})`);
  expect(missing).toEqual([]);
});

test('a construction with a computed code lists its codes in a table the scan reads', () => {
  expect(codesInSource().dynamic).toEqual([]);
});

test('catalog texts are Chinese in zh and English in en', () => {
  for (const code of registeredErrorCodes()) {
    expect([code, hasChineseText(defaultErrorMessage(code, 'zh-CN')!)]).toEqual([code, true]);
    expect([code, hasChineseText(defaultErrorMessage(code, 'en')!)]).toEqual([code, false]);
  }
});

test('registering other texts for a known code is refused; the same texts again are fine', () => {
  expect(() => registerErrorMessages({ NOT_FOUND: { zh: '找不到', en: 'missing' } })).toThrow(/registered twice/);
  expect(() => registerErrorMessages({ SOMETHING_NEW: { zh: 'only English', en: 'text' } })).toThrow(/Chinese zh/);
  registerErrorMessages(PAYMENT_ERROR_MESSAGES);
});
