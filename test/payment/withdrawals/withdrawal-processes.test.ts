/**
 * Withdrawals across real server processes (`tsx src/cli.ts serve`):
 * - PostgreSQL, two server processes on one schema: 50 concurrent applications that together exceed the
 *   withdrawable balance accept exactly the affordable ones and leave it >= 0.
 * - SQLite and PostgreSQL: a `kill -9` of the server in the middle of a batch move leaves every record either
 *   fully moved (state, transition and ledger entry) or untouched, and after a restart the ledger equals its
 *   recomputation; repeating the batch finishes the rest.
 * Money is put in by test set-up only: an ADJUSTMENT through postLedgerEntry on the servers' store.
 */
import pg from 'pg';
import { eq } from '../../../src/host/sdk/index.js';
import { checkBalance } from '../../../src/payment/ledger/read-balance.js';
import { LedgerEntry } from '../../../src/payment/ledger/types.js';
import { WithdrawalRecord } from '../../../src/payment/withdrawals/types.js';
import { postgresReachable, PG_URL } from '../../host/store/harness.js';
import { CONSOLE } from '../support/payment-server.js';
import { activeMerchant, apply, bankAccount, call, fund, openPlatform } from './withdrawal-harness.js';
import { killHard, openProcessWorld, type ProcessWorld } from './server-processes.js';

const schemas: string[] = [];
function freshSchemaUrl(tag: string): string {
  const schema = `wd_${tag}_${process.pid}_${Date.now()}`;
  schemas.push(schema);
  return `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}schema=${schema}`;
}

let pgUp = false;
beforeAll(async () => {
  pgUp = await postgresReachable();
});
afterAll(async () => {
  if (!schemas.length || !pgUp) return;
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  for (const s of schemas) await client.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
  await client.end();
});

test('PostgreSQL, two server processes: 50 concurrent applications accept exactly the affordable ones', async () => {
  if (!pgUp) return;
  const world = await openProcessWorld(freshSchemaUrl('race'));
  try {
    const a = world.first;
    const b = await world.start();
    await openPlatform(a);
    const headers = await activeMerchant(a, 'racer');
    await fund(world.deps, 'racer', 1_000, 'racer-setup');
    const account = await bankAccount(a, headers);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => apply(i % 2 ? a : b, headers, account.name, '0.30')));
    expect(answers.filter((x) => x.status === 200)).toHaveLength(33);
    expect(answers.filter((x) => x.status !== 200).every((x) => x.status === 409 && x.body.code === 'INSUFFICIENT_BALANCE')).toBe(true);
    const deps = await world.freshDeps();
    const check = await checkBalance(deps, 'racer', 'CNY');
    expect(check).toMatchObject({ matches: true, stored: { balance: 1_000, frozen: 990, withdrawable: 10 } });
    expect(await deps.client.count(WithdrawalRecord, eq('spec.merchant', 'racer'))).toBe(33);
  } finally {
    await world.close();
  }
}, 180_000);

const RECORDS = 200;

async function killMidBatch(world: ProcessWorld): Promise<void> {
  let server = world.first;
  await openPlatform(server);
  const headers = await activeMerchant(server, 'crash');
  await fund(world.deps, 'crash', 100_000, 'crash-setup');
  const account = await bankAccount(server, headers);
  const names: string[] = [];
  for (let i = 0; i < RECORDS; i += 20) {
    const batch = await Promise.all(Array.from({ length: 20 }, () => apply(server, headers, account.name, '1.00')));
    names.push(...batch.map((x) => x.body.data.name));
  }
  // Watched in the database: the batch answers only at its end, each record commits as it moves.
  const rejectedSoFar = () => world.countWithdrawals('REJECTED');
  const batch = call(server, 'POST', `${CONSOLE}/withdrawals/batch`, { action: 'reject', names, remark: 'crash test' }).catch(
    () => undefined,
  );
  while ((await rejectedSoFar()) < 1) await new Promise((r) => setImmediate(r));
  await killHard(server);
  await batch;

  server = await world.start();
  const deps = await world.freshDeps();
  const moved = await deps.client.count(WithdrawalRecord, eq('spec.status', 'REJECTED'));
  expect(moved).toBeGreaterThan(0);
  expect(moved).toBeLessThan(RECORDS);
  for (const name of names) {
    const record = (await deps.client.fetch(WithdrawalRecord, name))!;
    const release = await deps.client.fetch(LedgerEntry, `withdrawal-release.${name}`);
    const done = record.spec.status === 'REJECTED';
    expect([name, record.spec.status, record.status?.transitions?.length, release !== undefined]).toEqual([
      name,
      done ? 'REJECTED' : 'PENDING_AUDIT',
      done ? 2 : 1,
      done,
    ]);
  }
  const check = await checkBalance(deps, 'crash', 'CNY');
  expect(check).toMatchObject({ matches: true, stored: { frozen: (RECORDS - moved) * 100 } });

  const again = await call<{ moved: string[]; skipped: Array<{ code: string }> }>(server, 'POST', `${CONSOLE}/withdrawals/batch`, {
    action: 'reject',
    names,
  });
  expect(again.body.data.moved).toHaveLength(RECORDS - moved);
  expect(again.body.data.skipped.every((s) => s.code === 'ALREADY_DONE')).toBe(true);
  const after = await world.freshDeps();
  expect(await checkBalance(after, 'crash', 'CNY')).toMatchObject({ matches: true, stored: { balance: 100_000, frozen: 0 } });
}

test('SQLite: kill -9 in the middle of a batch move leaves no half-done record; the ledger equals its recomputation', async () => {
  const world = await openProcessWorld();
  try {
    await killMidBatch(world);
  } finally {
    await world.close();
  }
}, 180_000);

test('PostgreSQL: kill -9 in the middle of a batch move leaves no half-done record; the ledger equals its recomputation', async () => {
  if (!pgUp) return;
  const world = await openProcessWorld(freshSchemaUrl('crash'));
  try {
    await killMidBatch(world);
  } finally {
    await world.close();
  }
}, 180_000);
