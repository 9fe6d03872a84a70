import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import crypto from 'node:crypto';
import pg from 'pg';
import { PostgresEventFeed, type EventBatch } from '../../../src/host/store/postgres-event-feed.js';
import { PG_URL, postgresReachable, until } from './harness.js';

// postgresReachable() throws in CI, so the case can only be skipped locally.
const run = (await postgresReachable()) ? describe : describe.skip;

run('PostgreSQL event feed notifications', () => {
  const channel = `feed_test_${crypto.randomBytes(4).toString('hex')}`;
  const reads: number[] = [];
  const db = new pg.Client({ connectionString: PG_URL });
  const feed = new PostgresEventFeed({
    client: { connectionString: PG_URL },
    application: 'authpay-feed-test',
    channel,
    fetch: async (after): Promise<EventBatch> => {
      reads.push(after);
      return { events: [{ type: 'ADDED', object: {} as never, revision: 30 }], compactedThrough: 0, horizon: 31, hidden: false };
    },
    publish: () => undefined,
    lost: () => undefined,
  });
  const notify = (payload: string) => db.query('SELECT pg_notify($1, $2)', [channel, payload]);

  beforeAll(async () => {
    await db.connect();
    await feed.start(async () => 20);
  });
  afterAll(async () => {
    await feed.close();
    await db.end();
  });

  test('a notification of a revision already published reads nothing; a newer one reads from the last published', async () => {
    await notify('12');
    await notify('20');
    await notify('25');
    // 30 is published by the read for 25: its notification (a commit this process already read) needs no read either.
    await until(() => reads.length === 1, 'the read for revision 25');
    await notify('30');
    await notify('');
    await until(() => reads.length === 2, 'the read for a notification without a revision');
    // Notifications arrive in the order they were sent: any read for 12, 20 or 30 would have come by now.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reads).toEqual([20, 30]);
  });
});
