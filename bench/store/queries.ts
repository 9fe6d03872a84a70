import assert from 'node:assert/strict';
import type { ExtensionClient } from '../../src/host/client/extension-client.js';
import { and, eq, type Condition } from '../../src/host/store/query.js';
import { randomInt, seededRng } from '../lib/random.js';
import { sampleLatency, type LatencySummary } from '../lib/timing.js';
import { PLUGIN_COUNT, nameAt, pluginKeyOf } from './dataset.js';

const KIND = 'SitePluginAuthLog';

export interface QueryFigures {
  get: LatencySummary;
  /** First page, limit 20 (Kubernetes limit/continue; no total). */
  listLimit: LatencySummary;
  /** First page, page 1 size 20 (console paging; includes the total count). */
  listPage: LatencySummary;
  /** count(pluginKey = p AND authStatus = s): about N/200 matches. */
  countSelective: LatencySummary;
  /** count(authStatus = 1): about N/2 matches. */
  countBroad: LatencySummary;
  /** Average matches of the selective filter, for context. */
  selectiveMatches: number;
}

export interface QueryOptions {
  n: number;
  gets: number;
  lists: number;
  counts: number;
  broadCounts: number;
}

/** The console's filter: one plugin and one status (a compound index serves it). */
export function pluginStatusFilter(p: number, status: number): Condition {
  return and(eq('spec.pluginKey', pluginKeyOf(p)), eq('spec.authStatus', status)) as Condition;
}

/** Runs the read benchmarks through the ExtensionClient, one call at a time; checks every answer. */
export async function runQueries(client: ExtensionClient, o: QueryOptions): Promise<QueryFigures> {
  const rng = seededRng(42);
  const get = await sampleLatency({ iterations: o.gets, warmup: 500 }, async () => {
    const name = nameAt(randomInt(rng, o.n), o.n);
    const obj = await client.get(KIND, name);
    assert.equal(obj.metadata.name, name);
  });
  const filter = () => pluginStatusFilter(randomInt(rng, PLUGIN_COUNT), randomInt(rng, 2));
  const listLimit = await sampleLatency({ iterations: o.lists, warmup: 200 }, async () => {
    const page = await client.list(KIND, { where: filter(), limit: 20 });
    assert.ok(page.items.length === 20 || o.n < 8000, 'a first page of 20 is expected at this size');
  });
  const listPage = await sampleLatency({ iterations: o.lists, warmup: 200 }, async () => {
    const page = await client.list(KIND, { where: filter(), page: 1, size: 20 });
    assert.ok(page.total !== undefined && page.total >= page.items.length);
  });
  let matched = 0;
  const countSelective = await sampleLatency({ iterations: o.counts, warmup: 100 }, async () => {
    matched += await client.count(KIND, filter());
  });
  const countBroad = await sampleLatency({ iterations: o.broadCounts, warmup: 3 }, async () => {
    assert.ok((await client.count(KIND, eq('spec.authStatus', 1))) > 0);
  });
  return { get, listLimit, listPage, countSelective, countBroad, selectiveMatches: matched / (o.counts + 100) };
}
