/**
 * The payment page's texts come from one message table per language: the two tables have the same keys,
 * English has no CJK, the template and the script hold no human text of their own, and the rendered page
 * is in the language chosen by `?lang`, else Accept-Language (quality values), else zh-CN.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PaymentInfoSpec, PaymentStatus } from '../../../src/payment/orders/types.js';
import { pageLanguage } from '../../../src/payment/page/page-language.js';
import { PAGE_MESSAGES, payerFailureReason, type PageMessages } from '../../../src/payment/page/page-messages.js';
import { PAGE_TEMPLATE_DIR } from '../../../src/payment/page/page-template.js';
import { renderNotFoundPage, renderPaymentPage } from '../../../src/payment/page/render-page.js';

const CJK = /[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u;
const STATUSES: PaymentStatus[] = ['UNPAID', 'PAYING', 'SUCCESS', 'FAILED', 'UNKNOWN'];

/** Every leaf of a message table as [dotted key, text]. */
function leaves(messages: PageMessages): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') out.push([key, value]);
    else for (const [k, v] of Object.entries(value as object)) walk(v, key ? `${key}.${k}` : k);
  };
  walk(messages, '');
  return out;
}

const order = (patch: Partial<PaymentInfoSpec> = {}): PaymentInfoSpec => ({
  orderId: 'shop-1',
  paymentId: 'p20260101abcdefghijklmnopqrst',
  subject: 'Pro licence',
  paymentAmount: 9900,
  currency: 'CNY',
  paymentType: 'SANDBOX',
  paymentChannel: 'SIMULATED',
  platform: 'console',
  status: 'PAYING',
  payUrl: 'http://pay.test/payment/p20260101abcdefghijklmnopqrst',
  returnUrl: 'https://shop.example.com/orders/1',
  expiresAt: '2030-01-01T00:00:00.000Z',
  ...patch,
});

/** The rendered page without its language switch (which names the other language in itself). */
const withoutSwitch = (html: string) => html.replace(/<a class="lang"[^>]*>[^<]*<\/a>/, '');

describe('message tables', () => {
  test('zh-CN and en have the same keys, no empty text, and English has no CJK', () => {
    const zh = leaves(PAGE_MESSAGES['zh-CN']);
    const en = leaves(PAGE_MESSAGES.en);
    expect(en.map(([k]) => k)).toEqual(zh.map(([k]) => k));
    for (const [, text] of [...zh, ...en]) expect(text.trim()).not.toBe('');
    for (const [key, text] of en) expect(`${key}: ${text}`).not.toMatch(CJK);
  });

  test('one word per status in each language', () => {
    expect(PAGE_MESSAGES['zh-CN'].status).toEqual({
      UNPAID: '待支付',
      PAYING: '支付中',
      SUCCESS: '支付成功',
      FAILED: '已关闭或失败',
      UNKNOWN: '结果待确认',
      PARTIALLY_REFUNDED: '已部分退款',
      REFUNDED: '已退款',
    });
    expect(PAGE_MESSAGES.en.status).toEqual({
      UNPAID: 'Awaiting payment',
      PAYING: 'Paying',
      SUCCESS: 'Paid',
      FAILED: 'Closed or failed',
      UNKNOWN: 'Result pending',
      PARTIALLY_REFUNDED: 'Partly refunded',
      REFUNDED: 'Refunded',
    });
  });

  test('the payer is told about closing and time-out; channel codes and remarks stay in the console', () => {
    expect(payerFailureReason('CLOSED')).toBe('CLOSED');
    expect(payerFailureReason('TIMEOUT')).toBe('TIMEOUT');
    expect(payerFailureReason('CHANNEL_FAILED')).toBe('OTHER');
    expect(payerFailureReason('CHANNEL_REJECTED: insufficient balance')).toBe('OTHER');
    expect(payerFailureReason(undefined)).toBe('OTHER');
  });
});

describe('templates/payment holds no human text of its own', () => {
  test('page.html: every text and every read attribute is a placeholder', () => {
    const html = fs.readFileSync(path.join(PAGE_TEMPLATE_DIR, 'page.html'), 'utf8');
    const text = html
      .replace(/<style>[\s\S]*?<\/style>/g, '')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/\{\{\{?\w+\}?\}\}/g, '')
      .replace(/<[^>]*>/g, '');
    expect(text.match(/\p{L}+/gu)).toBeNull();
    for (const [, value] of html.matchAll(/(?:aria-label|title|alt|placeholder)="([^"]*)"/g)) expect(value).toMatch(/^\{\{\w+\}\}$/);
  });

  test('payment-page.js: no CJK and no sentence; it shows the texts of its JSON config', () => {
    const script = fs.readFileSync(path.join(PAGE_TEMPLATE_DIR, 'payment-page.js'), 'utf8');
    expect(script).not.toMatch(CJK);
    const code = script.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    const literals = [...code.matchAll(/'([^'\n]*)'/g)].map(([, value]) => value).filter((value) => value !== 'use strict');
    expect(literals.filter((value) => /[A-Za-z]+ [A-Za-z]+/.test(value))).toEqual([]);
    expect(script).toContain('config.texts');
  });
});

describe('language', () => {
  test.each([
    ['en', undefined, 'en'],
    ['zh-CN', 'en', 'zh-CN'],
    ['EN', 'zh-CN', 'en'],
    ['fr', 'en-GB,en;q=0.9', 'en'],
    [undefined, 'zh-CN;q=0.3, en;q=0.8', 'en'],
    [undefined, 'en;q=0.2, zh-TW;q=0.5', 'zh-CN'],
    [undefined, 'fr-FR, de', 'zh-CN'],
    [undefined, undefined, 'zh-CN'],
    [['en', 'zh-CN'], undefined, 'zh-CN'],
  ])('?lang=%j with Accept-Language %j → %s', (lang, header, expected) => {
    expect(pageLanguage(lang, header)).toBe(expected);
  });
});

describe('rendered pages', () => {
  test.each(STATUSES)('%s in both languages: <html lang>, the status word, English without CJK', async (status) => {
    for (const language of ['zh-CN', 'en'] as const) {
      const t = PAGE_MESSAGES[language];
      const html = await renderPaymentPage(order({ status, failureReason: status === 'FAILED' ? 'TIMEOUT' : undefined }), { language });
      expect(html).toContain(`<html lang="${language}">`);
      expect(html).toContain(`role="status">${t.status[status]}</p>`);
      expect(html).toContain(`<title>Pro licence · ${t.titleSuffix}</title>`);
      if (language === 'en') expect(withoutSwitch(html)).not.toMatch(CJK);
      if (status === 'FAILED') expect(html).toContain(t.failureReason.TIMEOUT);
    }
  });

  test('the script gets its texts through the JSON config, in the page language', async () => {
    const html = await renderPaymentPage(order(), { language: 'en' });
    const json = /<script type="application\/json" id="payment-config">(.*?)<\/script>/.exec(html)![1];
    const config = JSON.parse(json) as { texts: Record<string, unknown> };
    expect(config.texts).toEqual({
      status: PAGE_MESSAGES.en.status,
      jsapiOk: PAGE_MESSAGES.en.jsapiOk,
      jsapiCancel: PAGE_MESSAGES.en.jsapiCancel,
      jsapiFail: PAGE_MESSAGES.en.jsapiFail,
    });
  });

  test('the language switch links to the other language of the same page', async () => {
    const zh = await renderPaymentPage(order(), { language: 'zh-CN' });
    expect(zh).toMatch(/<a class="lang" id="language-switch" href="\?lang=en" hreflang="en" lang="en">English<\/a>/);
    const en = renderNotFoundPage('en');
    expect(en).toMatch(/<a class="lang" id="language-switch" href="\?lang=zh-CN" hreflang="zh-CN" lang="zh-CN">中文<\/a>/);
    expect(withoutSwitch(en)).not.toMatch(CJK);
    expect(en).toContain('<title>Payment not found</title>');
    expect(en).not.toContain('payment-page.js');
  });

  test('the subject is text, never markup, in the page and its title', async () => {
    const html = await renderPaymentPage(order({ subject: '</title><script>alert(1)</script>' }), { language: 'zh-CN' });
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&#60;/title&#62;&#60;script&#62;');
  });
});
