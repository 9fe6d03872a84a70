/**
 * Write throughput of the PostgreSQL store with 1 and 8 concurrent writers, each transaction a read and a
 * create (as a request that checks, then writes). "serialized" emulates the old design: every transaction
 * first takes one schema-wide lock (store.lock of a single key, the same transaction-scoped advisory lock the
 * old code took after BEGIN). Run: `npx tsx bench/store/concurrent-writes.ts [seconds per run]`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { KindRegistry } from '../../src/host/schema/kind-registry.js';
import { ExtensionClient } from '../../src/host/client/extension-client.js';
import { PostgresStore } from '../../src/host/store/postgres-store.js';

const URL = process.env.AUTHPAY_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.argv[2] ?? 5);
const schema = `bench_cw_${process.pid}`;

const registry = new KindRegistry();
const kind = registry.loadYaml(fs.readFileSync(path.resolve('extensions/site-plugin-auth-log.yaml'), 'utf8'))[0];

async function measure(client: ExtensionClient, writers: number, serialized: boolean): Promise<number> {
  const deadline = Date.now() + SECONDS * 1000;
  let done = 0;
  const loop = async (w: number) => {
    for (let i = 0; Date.now() < deadline; i++) {
      await client.transaction(async (tx) => {
        if (serialized) await tx.lock('everything');
        await tx.fetch(kind.kind, `w${writers}-${serialized ? 's' : 'c'}-${w}-${i - 1}`);
        await tx.create({
          apiVersion: 'pluginauth.authpay.dev/v1alpha1',
          kind: kind.kind,
          metadata: { name: `w${writers}-${serialized ? 's' : 'c'}-${w}-${i}` },
          spec: { pluginKey: 'bench', authUser: `u${w}`, authDomain: `d${i}.example.com`, authStatus: 1 },
        });
      });
      done++;
    }
  };
  await Promise.all(Array.from({ length: writers }, (_, w) => loop(w)));
  return done / SECONDS;
}

const store = await PostgresStore.connect(URL, { schema, poolSize: 10 });
try {
  await store.ensureKind(kind);
  const client = new ExtensionClient(registry, store);
  console.log(`PostgreSQL store, ${SECONDS} s per run, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}`);
  console.log('| writers | serialized (old design) | concurrent (new) |');
  console.log('|---:|---:|---:|');
  for (const writers of [1, 8]) {
    const old = await measure(client, writers, true);
    const fresh = await measure(client, writers, false);
    console.log(`| ${writers} | ${old.toFixed(0)} tx/s | ${fresh.toFixed(0)} tx/s |`);
  }
} finally {
  await store.close();
  const admin = new pg.Client({ connectionString: URL });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
}
