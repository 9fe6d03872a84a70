import crypto from 'node:crypto';
import type pg from 'pg';
import { AppError } from '../errors/app-error.js';

/** Options of the PostgreSQL backend; all optional. */
export interface PostgresStoreOptions {
  /**
   * Schema holding every table (set as the search_path of each connection, created when missing). Falls
   * back to the URL's `?schema=` parameter, then `public`. Tests use a fresh schema to isolate themselves.
   */
  schema?: string;
  /** Connections in the pool (default 10); concurrent transactions each hold one until they end. */
  poolSize?: number;
  /** Events kept for watch resume (default EVENT_RETENTION); tests lower it to provoke GONE. */
  eventRetention?: number;
  /** Told about background trouble (listener dropped, reconnect failed); silent when absent. */
  onProblem?: (message: string, err: unknown) => void;
}

export interface ResolvedConnection {
  schema: string;
  /** Base client configuration (no search_path): the listener and the pool both start from it. */
  client: pg.ClientConfig;
  /** Advisory-lock key pair that serializes DDL (ensureKind, the base tables) of this schema across processes. */
  ddlLock: [number, number];
  /**
   * application_name of the pool's connections. The event feed's horizon leaves out running transactions of
   * every other application name, so it must be this schema's own (the listener's differs: it never writes).
   */
  application: string;
  /** NOTIFY channel announcing committed revisions of this schema. */
  channel: string;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,39}$/;
/** 'AUTH': the first key of every advisory lock the store takes; other host locks use other namespaces. */
export const STORE_LOCK_NAMESPACE = 0x41555448;

/** Reads the schema from options or the URL and derives the lock key and channel name from it. */
export function resolveConnection(url: string, options: PostgresStoreOptions): ResolvedConnection {
  const parsed = new URL(url);
  const fromUrl = parsed.searchParams.get('schema') ?? undefined;
  parsed.searchParams.delete('schema');
  const schema = options.schema ?? fromUrl ?? 'public';
  if (!SCHEMA_NAME.test(schema)) throw new AppError('INTERNAL', `PostgreSQL schema "${schema}" must match ${SCHEMA_NAME}`);
  const digest = crypto.createHash('sha1').update(schema).digest();
  return {
    schema,
    client: { connectionString: parsed.toString() },
    ddlLock: [STORE_LOCK_NAMESPACE, digest.readInt32BE(0)],
    application: `authpay/${schema}`,
    channel: `authpay_events_${schema}`,
  };
}

/** Pool configuration: every connection starts with the store's schema as its search_path. */
export function poolConfig(conn: ResolvedConnection, options: PostgresStoreOptions): pg.PoolConfig {
  return { ...conn.client, options: `-c search_path=${conn.schema}`, max: options.poolSize ?? 10, application_name: conn.application };
}

export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

const statementNames = new Map<string, string>();
/**
 * Distinct statement texts kept prepared at most (per process, hence per connection). List statements are
 * prepared too, and their text varies with the query's shape (conditions, sort, page size and offset): past
 * this bound a new text runs unnamed, so neither this map nor any connection's prepared statements grow without end.
 */
export const MAX_PREPARED_STATEMENTS = 500;

/**
 * Runs one statement. With `prepare` it is prepared once per connection under a name derived from its text
 * (values are always parameters, so one text serves every call of the same shape), while fewer than
 * MAX_PREPARED_STATEMENTS texts are known; otherwise it is parsed and planned on every call.
 */
export async function sql<R extends pg.QueryResultRow>(db: Queryable, text: string, values: unknown[] = [], prepare = false): Promise<R[]> {
  let name: string | undefined;
  if (prepare) {
    name = statementNames.get(text);
    if (!name && statementNames.size < MAX_PREPARED_STATEMENTS)
      statementNames.set(text, (name = `authpay_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 20)}`));
  }
  const result = await (db as pg.Pool).query<R>({ name, text, values });
  return result.rows;
}

/** PostgreSQL's unique_violation, raised when two writers race for one name. */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | undefined)?.code === '23505';
}
