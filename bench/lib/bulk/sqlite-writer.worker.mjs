/**
 * The SQLite side of a bulk load, on a worker thread (sqlite-bulk.ts): it writes one batch of prepared rows
 * per transaction while the main thread prepares the next, so the two cores share the load. Plain JavaScript,
 * so it runs under tsx, bare node and Jest alike; it knows nothing of kinds or objects, only SQL and values.
 *
 * workerData: { file, table, labels, columns, rowsPerStatement, kind }.
 * Message { rows, labels, events } → one transaction: rows [name, ...columns, data] get revisions counter + 1…;
 * labels [name, key, value]; events [indexInBatch, name, data]. Answers { done: true } or { error }.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file, table, labels, columns, rowsPerStatement, kind } = workerData;
const db = new Database(file);
db.pragma('busy_timeout = 60000');
// As the store's writer: a commit does not sync; checkpoints do. And fewer, larger checkpoints than the default.
db.pragma('synchronous = NORMAL');
db.pragma('wal_autocheckpoint = 10000');
// The primary key's pages stay cached while names arrive in random order.
db.pragma('cache_size = -2097152');
db.pragma('temp_store = MEMORY');

const statements = new Map();
function rowStatement(count) {
  let stmt = statements.get(count);
  if (!stmt) {
    const one = `(?, ?, ${columns.map(() => '?').join(', ')}, ?)`;
    stmt = db.prepare(`INSERT INTO ${table} (name, rv, ${columns.join(', ')}, data) VALUES ${Array(count).fill(one).join(', ')}`);
    statements.set(count, stmt);
  }
  return stmt;
}
const readCounter = db.prepare('SELECT value FROM authpay_revision WHERE id = 1');
const writeCounter = db.prepare('UPDATE authpay_revision SET value = ? WHERE id = 1');
const insertLabel = db.prepare(`INSERT INTO ${labels} (name, key, value) VALUES (?, ?, ?)`);
const insertEvent = db.prepare("INSERT INTO authpay_events (rev, kind, name, type, data) VALUES (?, ?, ?, 'ADDED', ?)");

const writeBatch = db.transaction((batch) => {
  const base = readCounter.get().value;
  for (let at = 0; at < batch.rows.length; at += rowsPerStatement) {
    const part = batch.rows.slice(at, at + rowsPerStatement);
    rowStatement(part.length).run(part.flatMap(([name, ...rest], k) => [name, base + at + k + 1, ...rest]));
  }
  for (const label of batch.labels) insertLabel.run(label);
  for (const [k, name, data] of batch.events) insertEvent.run(base + k + 1, kind, name, data);
  writeCounter.run(base + batch.rows.length);
});

parentPort.on('message', (batch) => {
  if (batch === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    writeBatch.immediate(batch);
    parentPort.postMessage({ done: true });
  } catch (err) {
    parentPort.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
});
