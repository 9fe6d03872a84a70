/**
 * Regression (issue #16): the batch confirmation counted records the move would not change. batchPlan sends
 * and counts only the selected records the server's state table moves (src/plugin-auth/auth-log/transitions.ts).
 */
import { batchPlan, changes, type BatchRecord } from '../../../console-ui/src/pages/plugin-auth/records/batch.js';
import { systemClock } from '../../../src/host/controller/clock.js';
import { nextSpec } from '../../../src/plugin-auth/auth-log/transitions.js';
import type { AuthLogSpec } from '../../../src/plugin-auth/auth-log/types.js';

const record = (name: string, spec: NonNullable<BatchRecord['spec']> & { unconfirmed?: boolean }): BatchRecord => ({
  metadata: { name },
  spec,
});
const ROWS = [
  record('pending', { authStatus: 0 }),
  record('authorized', { authStatus: 1, authTime: '2030-01-01T00:00:00Z', expireTime: '2031-01-01T00:00:00Z' }),
  record('expired', { authStatus: 0, authTime: '2020-01-01T00:00:00Z', expireTime: '2020-02-01T00:00:00Z' }),
  record('unconfirmed', { authStatus: 0, unconfirmed: true }),
];

test('batch authorize counts and sends only the pending records among the selected', () => {
  expect(batchPlan('authorize', ROWS, ['pending', 'authorized', 'unconfirmed'])).toEqual({
    names: ['pending', 'unconfirmed'],
    unchanged: 1,
  });
  expect(batchPlan('authorize', ROWS, ['authorized'])).toEqual({ names: [], unchanged: 1 });
});

test('batch cancel counts authorized records and pending ones that still carry times, not bare pending ones', () => {
  expect(
    batchPlan(
      'cancel',
      ROWS,
      ROWS.map((r) => r.metadata!.name!),
    ),
  ).toEqual({ names: ['authorized', 'expired'], unchanged: 2 });
  expect(changes('cancel', ROWS[0])).toBe(false);
});

test('a selected name that is not on the page (a stale selection) is neither sent nor counted', () => {
  expect(batchPlan('authorize', ROWS, ['pending', 'gone'])).toEqual({ names: ['pending'], unchanged: 0 });
});

test('the page decides as the server does: a record changes exactly when the state table has a move for it', () => {
  for (const row of ROWS) {
    const spec = { pluginKey: 'p', authUser: 'u', authDomain: 'a.example.com', ...row.spec } as AuthLogSpec;
    expect([row.metadata!.name, changes('authorize', row)]).toEqual([
      row.metadata!.name,
      nextSpec(spec, { kind: 'BATCH_AUTHORIZE' }, systemClock) !== undefined,
    ]);
    expect([row.metadata!.name, changes('cancel', row)]).toEqual([
      row.metadata!.name,
      nextSpec(spec, { kind: 'CANCEL' }, systemClock) !== undefined,
    ]);
  }
});
