import fs from 'node:fs';
import path from 'node:path';
import * as yaml from 'js-yaml';
import { KindRegistry, METADATA_FIELDS, type KindInfo } from '../../src/host/schema/kind-registry.js';
import { SqliteStore } from '../../src/host/store/sqlite-store.js';
import { ExtensionClient } from '../../src/host/client/extension-client.js';
import { valueAt } from '../../src/host/store/columns.js';
import type { Resource } from '../../src/host/resource/types.js';
import { AppError } from '../../src/host/errors/app-error.js';
import { MONEY_FIELDS, VALID_SAMPLES } from './samples.js';

const DIR = path.resolve('extensions');
const EXPECTED = {
  'pluginauth.authpay.dev': ['SitePlugin', 'SitePluginAuthLog', 'PermanentAuthCode', 'PermanentAuthUser'],
  'payment.authpay.dev': ['PaymentInfo', 'Merchant', 'SettlementRecord', 'WithdrawalAccount', 'WithdrawalRecord', 'LedgerEntry'],
};

const registry = new KindRegistry();
const kinds = registry.loadDirectory(DIR);
const clone = (kind: string): Resource => structuredClone(VALID_SAMPLES[kind]);
const specOf = (obj: Resource) => obj.spec as Record<string, unknown>;

/** Schema node at a dotted path below the root, following `properties`. */
function nodeAt(schema: Record<string, unknown>, dotted: string): Record<string, unknown> | undefined {
  let node: Record<string, unknown> | undefined = schema;
  for (const part of dotted.split('.')) node = (node?.properties as Record<string, Record<string, unknown>> | undefined)?.[part];
  return node;
}

/** Validates and returns the InvalidError, failing the test when the object passes. */
function invalidOf(kind: string, obj: Resource): AppError {
  try {
    registry.validate(registry.get(kind), obj);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error(`${kind} sample unexpectedly passed validation`);
}

/** True when some detail names the field, either as its path or inside its message (required, unknown). */
function namesField(err: AppError, field: string): boolean {
  const leaf = field.split('.').pop() as string;
  return err.details.some((d) => d.field === field || (d.message.includes(leaf) && field.startsWith(d.field ?? '')));
}

describe('CustomResourceDefinitions in extensions/', () => {
  test('a file that declares a kind declares exactly one, named after it, and the registry loads it', () => {
    const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.yaml'));
    for (const f of files) {
      const docs = yaml.loadAll(fs.readFileSync(path.join(DIR, f), 'utf8')) as Array<{ kind: string; spec: { names: { kind: string } } }>;
      const crds = docs.filter((d) => d?.kind === 'CustomResourceDefinition');
      if (crds.length === 0) continue; // role templates, settings forms and other resources
      expect([f, crds.length]).toEqual([f, 1]);
      const kebab = crds[0].spec.names.kind.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
      expect(f).toBe(`${kebab}.yaml`);
      expect(registry.find(crds[0].spec.names.kind)).toBeDefined();
    }
    for (const [group, names] of Object.entries(EXPECTED)) {
      for (const name of names) expect(registry.get(name)).toMatchObject({ group, version: 'v1alpha1' });
    }
  });

  test.each(kinds.map((k) => [k.kind, k] as const))('%s declares names, columns and scalar selectable fields', (_name, kind: KindInfo) => {
    expect(kind.categories).toEqual(['authpay']);
    if (Object.values(EXPECTED).flat().includes(kind.kind)) {
      expect(kind.shortNames.length).toBeGreaterThan(0);
      expect(kind.indexedFields.length).toBeGreaterThan(0);
    }
    for (const f of kind.indexedFields) {
      expect(['string', 'integer', 'number', 'boolean']).toContain(nodeAt(kind.schema, f.path)?.type);
    }
    const indexed = new Set([...METADATA_FIELDS, ...kind.indexedFields].map((f) => f.path));
    for (const group of kind.compoundIndexes) for (const p of group) expect(indexed).toContain(p);
    for (const col of kind.printerColumns) {
      const p = col.jsonPath.replace(/^\./, '');
      if (!p.startsWith('metadata.')) expect(nodeAt(kind.schema, p)).toBeDefined();
    }
  });

  test.each(Object.keys(VALID_SAMPLES))('a valid %s passes validation', (kind) => {
    expect(() => registry.validate(registry.get(kind), clone(kind))).not.toThrow();
  });

  test.each(Object.keys(VALID_SAMPLES))('%s refuses a missing required field, naming it', (kind) => {
    const required = (nodeAt(registry.get(kind).schema, 'spec')?.required ?? []) as string[];
    expect(required.length).toBeGreaterThan(0);
    for (const field of required) {
      const obj = clone(kind);
      delete specOf(obj)[field];
      const err = invalidOf(kind, obj);
      expect(err.code).toBe('INVALID');
      expect(namesField(err, `spec.${field}`)).toBe(true);
    }
  });

  test.each(Object.keys(VALID_SAMPLES))('%s refuses an unknown spec field, naming it', (kind) => {
    const obj = clone(kind);
    specOf(obj).surpriseField = 'x';
    expect(namesField(invalidOf(kind, obj), 'spec.surpriseField')).toBe(true);
  });

  const wrongEnums: Array<[string, string, unknown]> = [
    ['SitePluginAuthLog', 'authStatus', 2],
    ['PermanentAuthCode', 'status', 'NEW'],
    ['PermanentAuthUser', 'source', 'IMPORT'],
    ['PaymentInfo', 'status', 'PAID'],
    ['PaymentInfo', 'paymentType', 'ALIPAY'],
    ['Merchant', 'status', 'DELETED'],
    ['SettlementRecord', 'status', 'CONFIRMED'],
    ['WithdrawalAccount', 'type', 'PAYPAL'],
    ['WithdrawalRecord', 'status', 'DONE'],
    ['LedgerEntry', 'type', 'REFUND'],
  ];
  test.each(wrongEnums)('%s refuses %s = %p', (kind, field, value) => {
    const obj = clone(kind);
    specOf(obj)[field] = value;
    expect(namesField(invalidOf(kind, obj), `spec.${field}`)).toBe(true);
  });

  const moneyCases = Object.entries(MONEY_FIELDS).flatMap(([kind, fields]) => fields.map((f) => [kind, f] as const));
  test.each(moneyCases)('%s refuses a float in money field %s', (kind, field) => {
    const obj = clone(kind);
    specOf(obj)[field] = (specOf(obj)[field] as number) + 0.5;
    expect(namesField(invalidOf(kind, obj), `spec.${field}`)).toBe(true);
  });

  test('money and counts cannot go negative where that makes no sense', () => {
    const order = clone('PaymentInfo');
    specOf(order).paymentAmount = 0;
    expect(namesField(invalidOf('PaymentInfo', order), 'spec.paymentAmount')).toBe(true);
    const settlement = clone('SettlementRecord');
    specOf(settlement).feeAmount = -1;
    expect(namesField(invalidOf('SettlementRecord', settlement), 'spec.feeAmount')).toBe(true);
    const merchant = clone('Merchant');
    specOf(merchant).feeRateBasisPoints = 10001;
    expect(namesField(invalidOf('Merchant', merchant), 'spec.feeRateBasisPoints')).toBe(true);
    const plugin = clone('SitePlugin');
    specOf(plugin).authCountLimit = -2;
    expect(namesField(invalidOf('SitePlugin', plugin), 'spec.authCountLimit')).toBe(true);
  });

  test('cross-field rules: channel of the type, ledger deltas of the type, bank of a card', () => {
    const order = clone('PaymentInfo');
    specOf(order).paymentChannel = 'NATIVE';
    expect(namesField(invalidOf('PaymentInfo', order), 'spec.paymentChannel')).toBe(true);
    const card = clone('PaymentInfo');
    Object.assign(specOf(card), { paymentType: 'CARD', paymentChannel: 'CHECKOUT', currency: 'USD' });
    expect(() => registry.validate(registry.get('PaymentInfo'), card)).not.toThrow();
    const entry = clone('LedgerEntry');
    specOf(entry).frozenDelta = 10;
    expect(namesField(invalidOf('LedgerEntry', entry), 'spec.frozenDelta')).toBe(true);
    const freeze = clone('LedgerEntry');
    Object.assign(specOf(freeze), { type: 'WITHDRAWAL_FREEZE', amount: -3000, balanceDelta: 0, frozenDelta: 3000 });
    expect(() => registry.validate(registry.get('LedgerEntry'), freeze)).not.toThrow();
    const account = clone('WithdrawalAccount');
    delete specOf(account).bankName;
    expect(namesField(invalidOf('WithdrawalAccount', account), 'spec.bankName')).toBe(true);
  });

  test('formats: hosts only, safe URL schemes, dates, currencies', () => {
    const cases: Array<[string, string, unknown]> = [
      ['SitePluginAuthLog', 'authDomain', 'https://a.com/x'],
      ['SitePluginAuthLog', 'authDomain', 'A.com'],
      ['SitePluginAuthLog', 'expireTime', '2026-13-01'],
      ['SitePlugin', 'url', 'javascript:alert(1)'],
      ['PaymentInfo', 'currency', 'cny'],
      ['PaymentInfo', 'notifyUrl', 'ftp://x.example/notify'],
      ['Merchant', 'contactEmail', 'not-an-email'],
      ['Merchant', 'agreementAccepted', false],
    ];
    for (const [kind, field, value] of cases) {
      const obj = clone(kind);
      specOf(obj)[field] = value;
      expect([kind, field, namesField(invalidOf(kind, obj), `spec.${field}`)]).toEqual([kind, field, true]);
    }
  });

  test('every kind gets a table with its indexes, and each selectable field answers a field selector', async () => {
    const store = new SqliteStore(':memory:');
    try {
      for (const kind of kinds) await store.ensureKind(kind);
      const client = new ExtensionClient(registry, store);
      for (const [name, obj] of Object.entries(VALID_SAMPLES)) {
        await client.create(structuredClone(obj));
        for (const f of registry.get(name).indexedFields) {
          const value = valueAt(obj, f.path);
          if (value === undefined) continue;
          const page = await client.list(name, { where: { op: 'eq', field: f.path, value: value as string } });
          expect([name, f.path, page.items.map((i) => i.metadata.name)]).toEqual([name, f.path, [obj.metadata.name]]);
        }
      }
    } finally {
      await store.close();
    }
  });
});

/** Paths of keys whose value is null: in a CRD they are a flow mapping cut short by a comma in a description. */
function nullKeys(node: unknown, at = ''): string[] {
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => (value === null ? [`${at}.${key}`] : nullKeys(value, `${at}.${key}`)));
}

test('no CRD holds a key without a value (a description with a comma must be quoted)', () => {
  const broken = fs
    .readdirSync(DIR)
    .filter((file) => file.endsWith('.yaml'))
    .flatMap((file) => yaml.loadAll(fs.readFileSync(path.join(DIR, file), 'utf8')).flatMap((doc) => nullKeys(doc, file)));
  expect(broken).toEqual([]);
});

test('every CRD whose kind has a spec requires it, in extensions/ and among the host kinds', () => {
  const all = new KindRegistry();
  const loaded = [...all.loadDirectory(DIR), ...all.loadDirectory(path.resolve('src/host/crds'))];
  const withSpec = loaded.filter((k) => nodeAt(k.schema, 'spec'));
  expect(withSpec.length).toBeGreaterThan(20);
  const missing = withSpec.filter((k) => !((k.schema.required ?? []) as string[]).includes('spec')).map((k) => k.kind);
  expect(missing).toEqual([]);
});
