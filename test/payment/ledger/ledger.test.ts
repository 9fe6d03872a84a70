import { isAppError } from '../../../src/host/sdk/index.js';
import { adjustmentMove, ledgerMove } from '../../../src/payment/ledger/moves.js';
import { postLedgerEntry } from '../../../src/payment/ledger/post-entry.js';
import { checkBalance, readBalance } from '../../../src/payment/ledger/read-balance.js';
import { LedgerEntry } from '../../../src/payment/ledger/types.js';
import { postgresBackend, postgresReachable, sqliteBackend, type Backend } from '../../host/store/harness.js';
import { openLedgerWorld, type LedgerWorld } from './ledger-world.js';

const subject = (reference: string) => ({ merchant: 'alice', currency: 'CNY', reference, actor: 'admin' });

async function codeOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return 'none';
  } catch (err) {
    return isAppError(err) ? err.code : String(err);
  }
}

describe('ledger moves', () => {
  test('each type carries the signs its CRD demands', () => {
    expect(ledgerMove('SETTLEMENT_CREDIT', 500, subject('s1'))).toMatchObject({
      key: 'settlement-credit.s1',
      amount: 500,
      balanceDelta: 500,
      frozenDelta: 0,
    });
    expect(ledgerMove('WITHDRAWAL_FREEZE', 200, subject('w1'))).toMatchObject({
      key: 'withdrawal-freeze.w1',
      amount: -200,
      balanceDelta: 0,
      frozenDelta: 200,
    });
    expect(ledgerMove('WITHDRAWAL_DEBIT', 200, subject('w1'))).toMatchObject({ amount: -200, balanceDelta: -200, frozenDelta: -200 });
    expect(ledgerMove('REFUND_RELEASE', 90, subject('r1'))).toMatchObject({
      key: 'refund-release.r1',
      amount: 90,
      frozenDelta: -90,
      reference: { kind: 'PaymentRefund' },
    });
    expect(adjustmentMove(-7, { ...subject('t1'), note: 'typo' })).toMatchObject({
      key: 'adjustment.t1',
      balanceDelta: -7,
      frozenDelta: 0,
    });
  });

  test('amounts must be positive integers (the move gives the sign)', () => {
    expect(() => ledgerMove('SETTLEMENT_CREDIT', 0, subject('s'))).toThrow(RangeError);
    expect(() => ledgerMove('SETTLEMENT_CREDIT', 1.5, subject('s'))).toThrow(RangeError);
    expect(() => adjustmentMove(0, { ...subject('t'), note: 'x' })).toThrow(RangeError);
  });
});

/** SQLite serves one process (its writers wait on a file lock, which would block this test's one event loop); PostgreSQL two. */
function ledgerContract(name: string, makeBackend: () => Backend, available: () => Promise<boolean>, processes: number) {
  describe(`ledger on ${name}`, () => {
    let backend: Backend;
    let world: LedgerWorld;
    let skip = false;

    beforeAll(async () => {
      skip = !(await available());
      if (skip) return;
      backend = makeBackend();
      world = await openLedgerWorld(backend, processes);
    });
    afterAll(async () => {
      if (skip) return;
      await world.close();
      await backend.cleanup();
    });

    test('credit, freeze and debit move the running totals, which equal the recomputation', async () => {
      if (skip) return;
      const [deps] = world.deps;
      const m = { ...subject('x'), merchant: 'm-flow' };
      await postLedgerEntry(deps, ledgerMove('SETTLEMENT_CREDIT', 10_000, { ...m, reference: m.merchant + '-stl-1' }));
      await postLedgerEntry(deps, ledgerMove('WITHDRAWAL_FREEZE', 3_000, { ...m, reference: m.merchant + '-wd-1' }));
      expect(await readBalance(deps, 'm-flow', 'CNY')).toEqual({
        merchant: 'm-flow',
        currency: 'CNY',
        balance: 10_000,
        frozen: 3_000,
        withdrawable: 7_000,
      });
      const { entry } = await postLedgerEntry(deps, ledgerMove('WITHDRAWAL_DEBIT', 3_000, { ...m, reference: m.merchant + '-wd-1' }));
      expect(entry.spec).toMatchObject({ balanceAfter: 7_000, frozenAfter: 0 });
      const check = await checkBalance(deps, 'm-flow', 'CNY');
      expect(check).toMatchObject({ matches: true, entryCount: 3, recomputed: { balance: 7_000, frozen: 0 } });
    });

    test('a retried step books nothing twice; the same key with other figures is refused', async () => {
      if (skip) return;
      const [deps] = world.deps;
      const m = { ...subject('x'), merchant: 'm-retry' };
      const first = await postLedgerEntry(deps, ledgerMove('SETTLEMENT_CREDIT', 500, { ...m, reference: m.merchant + '-stl-9' }));
      const again = await postLedgerEntry(deps, ledgerMove('SETTLEMENT_CREDIT', 500, { ...m, reference: m.merchant + '-stl-9' }));
      expect([first.posted, again.posted]).toEqual([true, false]);
      expect(await codeOf(postLedgerEntry(deps, ledgerMove('SETTLEMENT_CREDIT', 501, { ...m, reference: m.merchant + '-stl-9' })))).toBe(
        'LEDGER_KEY_REUSED',
      );
      expect(await readBalance(deps, 'm-retry', 'CNY')).toMatchObject({ balance: 500 });
    });

    test('an entry that would make withdrawable negative is refused and writes nothing', async () => {
      if (skip) return;
      const [deps] = world.deps;
      const m = { ...subject('x'), merchant: 'm-low' };
      await postLedgerEntry(deps, ledgerMove('SETTLEMENT_CREDIT', 100, { ...m, reference: m.merchant + '-stl-1' }));
      await postLedgerEntry(deps, ledgerMove('WITHDRAWAL_FREEZE', 60, { ...m, reference: m.merchant + '-wd-1' }));
      expect(await codeOf(postLedgerEntry(deps, ledgerMove('WITHDRAWAL_FREEZE', 41, { ...m, reference: m.merchant + '-wd-2' })))).toBe(
        'INSUFFICIENT_BALANCE',
      );
      expect(await codeOf(postLedgerEntry(deps, adjustmentMove(-41, { ...m, reference: m.merchant + '-adj-1', note: 'too much' })))).toBe(
        'INSUFFICIENT_BALANCE',
      );
      expect(await deps.client.fetch(LedgerEntry, 'withdrawal-freeze.m-low-wd-2')).toBeUndefined();
      expect(await checkBalance(deps, 'm-low', 'CNY')).toMatchObject({ matches: true, entryCount: 2, stored: { withdrawable: 40 } });
    });

    test('an entry rolls back with the transaction that booked it', async () => {
      if (skip) return;
      const [deps] = world.deps;
      const m = { ...subject('x'), merchant: 'm-rollback' };
      const failing = deps.client.transaction(async () => {
        await postLedgerEntry(deps, ledgerMove('SETTLEMENT_CREDIT', 700, { ...m, reference: m.merchant + '-stl-1' }));
        throw new Error('the settlement write failed');
      });
      await expect(failing).rejects.toThrow('the settlement write failed');
      expect(await readBalance(deps, 'm-rollback', 'CNY')).toMatchObject({ balance: 0, frozen: 0 });
      expect(await checkBalance(deps, 'm-rollback', 'CNY')).toMatchObject({ matches: true, entryCount: 0 });
    });

    test(`50 concurrent freezes from ${processes} process(es) accept exactly what the balance affords`, async () => {
      if (skip) return;
      const m = { ...subject('x'), merchant: 'm-race' };
      await postLedgerEntry(world.deps[0], ledgerMove('SETTLEMENT_CREDIT', 1_000, { ...m, reference: m.merchant + '-stl-1' }));
      const attempts = Array.from({ length: 50 }, (_, i) =>
        codeOf(
          postLedgerEntry(world.deps[i % processes], ledgerMove('WITHDRAWAL_FREEZE', 30, { ...m, reference: `${m.merchant}-wd-${i}` })),
        ),
      );
      const codes = await Promise.all(attempts);
      expect(codes.filter((c) => c === 'none')).toHaveLength(33);
      expect(codes.filter((c) => c === 'INSUFFICIENT_BALANCE')).toHaveLength(17);
      const check = await checkBalance(world.deps[processes - 1], 'm-race', 'CNY');
      expect(check).toMatchObject({ matches: true, entryCount: 34, stored: { balance: 1_000, frozen: 990, withdrawable: 10 } });
    });
  });
}

ledgerContract('SQLite', sqliteBackend, async () => true, 1);
ledgerContract('PostgreSQL', postgresBackend, postgresReachable, 2);
