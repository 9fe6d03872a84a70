import { sampleLatency, type LatencySummary } from '../lib/timing.js';
import { PLUGINS, USERS, pluginKeyOf, userOf } from './dataset.js';
import { randomInt, seededRng } from '../lib/random.js';

const CONSOLE = '/apis/console.api.pluginauth.authpay.dev/v1alpha1';

/** One console request shape; `query(i)` varies the filter values per call. */
export interface QueryCase {
  label: string;
  query(i: number): string;
}

const rng = seededRng(42);
const plugin = () => pluginKeyOf(randomInt(rng, PLUGINS));
const user = () => userOf(randomInt(rng, USERS));

export const QUERY_CASES: QueryCase[] = [
  { label: 'plugin + authStatus=1, newest first', query: () => `pluginKey=${plugin()}&authStatus=1` },
  {
    label: 'plugin + validity LIMITED, sort expireTime asc',
    query: () => `pluginKey=${plugin()}&validity=LIMITED&sort=expireTime&direction=asc`,
  },
  { label: 'user, sort authTime desc', query: () => `authUser=${user()}&sort=authTime&direction=desc` },
  { label: 'plugin + keyword (part of a domain)', query: (i) => `pluginKey=${plugin()}&keyword=d${(i % 36).toString(36)}` },
  { label: 'validity PERMANENT, sort expireTime desc', query: () => 'validity=PERMANENT&sort=expireTime&direction=desc' },
  { label: 'validity EXPIRED, sort expireTime asc', query: () => 'validity=EXPIRED&sort=expireTime&direction=asc' },
  { label: 'authStatus=0, page 50', query: () => 'authStatus=0&page=50' },
  { label: 'keyword alone (user name)', query: () => `keyword=${user()}` },
];

/** listAuthLogs over HTTP (authentication, validation, envelope included), one request at a time. */
export async function measureQueries(
  baseUrl: string,
  token: string,
  iterations: number,
): Promise<Array<{ label: string; summary: LatencySummary; total: number }>> {
  const out: Array<{ label: string; summary: LatencySummary; total: number }> = [];
  for (const c of QUERY_CASES) {
    let total = 0;
    const summary = await sampleLatency({ iterations, warmup: 3 }, async (i) => {
      const res = await fetch(`${baseUrl}${CONSOLE}/authlogs?size=20&${c.query(i)}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { success: boolean; data: { total: number } };
      if (!body.success) throw new Error(`${c.label}: ${JSON.stringify(body)}`);
      total = body.data.total;
    });
    out.push({ label: c.label, summary, total });
  }
  return out;
}
