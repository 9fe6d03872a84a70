/**
 * Settings forms speak both languages (issue #16 item 2, docs/settings.md): every group and field has a zh-CN
 * `label` (and `help`, where it has one) and `i18n.en` with the English texts; select and checkbox options
 * shown to people carry labels in both. The payment groups whose channels are still being built (walletB,
 * aggregators, intlWallet, card, custom) are checked once their owners finish them.
 */
import fs from 'node:fs';
import * as yaml from 'js-yaml';
import { expect, test } from '@jest/globals';
import type { FormField, Setting, SettingForm } from '../../src/host/settings/types.js';
import { hasChineseText } from '../../src/host/errors/language.js';
import { SettingCompiler } from '../../src/host/settings/compiled-setting.js';
import sharedZh from '../../ui-shared/locales/zh-CN.js';
import sharedEn from '../../ui-shared/locales/en.js';
import { ORDER_STATUS_WORDS } from '../../src/payment/orders/status-words.js';

const FILES = ['src/host/settings/host-settings.yaml', 'extensions/plugin-auth-settings.yaml', 'extensions/payment-settings.yaml'];
const NOT_YET = new Set<string>([]);

function settingOf(file: string): Setting {
  return (yaml.loadAll(fs.readFileSync(file, 'utf8')) as Setting[]).find((d) => d?.kind === 'Setting')!;
}

function problemsOf(where: string, item: SettingForm | FormField): string[] {
  const problems: string[] = [];
  const en = item.i18n?.en;
  if (!item.label || !hasChineseText(item.label)) problems.push(`${where}: label is not zh-CN (${item.label})`);
  if (!en?.label || hasChineseText(en.label)) problems.push(`${where}: i18n.en.label missing or not English`);
  if (item.help !== undefined && !hasChineseText(String(item.help))) problems.push(`${where}: help is not zh-CN`);
  if (item.help !== undefined && (!en?.help || hasChineseText(en.help))) problems.push(`${where}: i18n.en.help missing or not English`);
  const extra = Object.keys(en ?? {}).filter((k) => k !== 'label' && k !== 'help');
  if (extra.length) problems.push(`${where}: i18n.en has ${extra.join(', ')} (a flow-style comma?)`);
  return problems;
}

function optionProblems(where: string, field: FormField): string[] {
  if (!Array.isArray(field.options)) return [];
  return (field.options as unknown[]).flatMap((o, i) => {
    if (typeof o !== 'object' || o === null) return []; // a bare value is its own label (RSA2)
    const option = o as { label?: string; i18n?: { en?: { label?: string } } };
    return option.label && hasChineseText(option.label) && option.i18n?.en?.label && !hasChineseText(option.i18n.en.label)
      ? []
      : [`${where}.options.${i}: needs a zh-CN label and i18n.en.label`];
  });
}

test.each(FILES)('%s: every group and field has zh-CN texts and English ones in i18n.en', (file) => {
  const setting = settingOf(file);
  const problems = setting
    .spec!.forms.filter((form) => !NOT_YET.has(form.group) || !file.includes('payment'))
    .flatMap((form) => [
      ...problemsOf(form.group, form),
      ...form.formSchema.flatMap((f) => [...problemsOf(`${form.group}.${f.name}`, f), ...optionProblems(`${form.group}.${f.name}`, f)]),
    ]);
  expect(problems).toEqual([]);
  // The texts change nothing of what the forms accept: each still compiles to a validator.
  expect(new SettingCompiler().compile(setting).groups.size).toBe(setting.spec!.forms.length);
});

test('options given as {value, label, i18n} keep their values for validation', () => {
  const setting = settingOf('extensions/payment-settings.yaml');
  const general = new SettingCompiler().compile(setting).groups.get('general')!;
  expect(general.validate({ ...general.defaults, supportedChannels: ['SANDBOX:SIMULATED', 'WALLET_A:PC_WEBSITE'] })).toBe(true);
  expect(general.validate({ ...general.defaults, supportedChannels: ['支付宝 · 电脑网站支付'] })).toBe(false);
});

test('a payment channel offered in the settings has the name the apps give it (支付宝 · 当面付, never 钱包 A)', () => {
  const general = settingOf('extensions/payment-settings.yaml').spec!.forms!.find((f) => f.group === 'general')!;
  const field = general.formSchema.find((f) => f.name === 'supportedChannels')!;
  const options = field.options as Array<{ value: string; label: string; i18n: { en: { label: string } } }>;
  expect(options.length).toBeGreaterThan(10);
  for (const option of options) {
    const [type, channel] = option.value.split(':') as [string, string];
    const zh = `${sharedZh.enum.paymentType[type as 'WALLET_A']} · ${sharedZh.enum.paymentChannel[channel as 'PC_WEBSITE']}`;
    const en = `${sharedEn.enum.paymentType[type as 'WALLET_A']} · ${sharedEn.enum.paymentChannel[channel as 'PC_WEBSITE']}`;
    expect({ value: option.value, zh: option.label, en: option.i18n.en.label }).toEqual({ value: option.value, zh, en });
  }
  const yamlText = fs.readFileSync('extensions/payment-settings.yaml', 'utf8');
  expect(yamlText).not.toMatch(/钱包 [AB]|Wallet [AB]|聚合 [123]|Aggregator [123]/i);
});

test.each(FILES)('%s: help texts name order states and payment services in words, never by their codes (PAYING, SANDBOX)', (file) => {
  const codes = [...Object.keys(ORDER_STATUS_WORDS.en), ...Object.keys(sharedEn.enum.paymentType)];
  // A code as a word of its own; one inside a path or a provider's event name (…/asyncCallback/CUSTOM) is left alone.
  const raw = new RegExp(`(?<![/\\w.-])(${codes.join('|')})(?![\\w.-])`);
  const helps = settingOf(file).spec!.forms.flatMap((form) =>
    [form, ...form.formSchema].flatMap((item) => [item.help, item.i18n?.en?.help].filter((h): h is string => typeof h === 'string')),
  );
  expect(helps.filter((help) => raw.test(help))).toEqual([]);
});
