import { setImmediate } from 'node:timers/promises';
import {
  AppError,
  isAppError,
  loadAllYamlInput,
  runInChunks,
  type ErrorDetail,
  type NewObject,
  type ObjectMeta,
} from '../../host/sdk/index.js';
import { RESOURCE_API_VERSION } from '../api/groups.js';
import { findPluginByKey } from '../catalog/find-plugin.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { normalizeDomain } from '../domain-name/normalize-domain.js';
import { recordName } from './record-name.js';
import { storedTime } from './record-times.js';
import { SitePluginAuthLog, type AuthLog, type AuthLogSpec } from './types.js';

export const MAX_IMPORT_ITEMS = 10_000;
/** The import's own body limit: 10,000 exported records fit (every other operation takes 1 MiB). */
export const MAX_IMPORT_BYTES = 16 * 1024 * 1024;
/** Items parsed, checked or written between two yields to the event loop. */
const BATCH = 200;

/** An item ready to write: what a restore keeps of a record (its name, labels, annotations and spec). */
type ImportItem = NewObject<AuthLogSpec> & { metadata: Pick<ObjectMeta, 'name' | 'labels' | 'annotations'> };

export interface ImportItemResult {
  index: number;
  name?: string;
  action: 'created' | 'updated' | 'unchanged' | 'failed';
  code?: string;
  message?: string;
}

export interface ImportResult {
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  items: ImportItemResult[];
}

/**
 * Imports multi-document YAML (the export's format). Every item is checked first — kind, schema, a
 * normalized domain, a name that is the triple's derived name, readable times, a catalog plugin — and
 * if any item is broken nothing is written and the error lists each broken item. Otherwise the items are
 * written (created, or replaced when the record exists) in short transactions (runInChunks, about 15 ms
 * each), so other writers go between them; a crash mid-import leaves whole records, and importing the same
 * file again finishes the rest (an item already written answers `unchanged`). Import restores data; it
 * sends no notifications and applies no limits.
 */
export async function importAuthLogs(deps: PluginAuthDeps, text: string): Promise<ImportResult> {
  const docs = await parseDocuments(text);
  // Up to 10,000 items: every BATCH the import yields, so other requests and probes are answered meanwhile.
  const plugins = new Map<string, Promise<boolean>>();
  const pluginExists = (key: string) => {
    if (!plugins.has(key)) plugins.set(key, findPluginByKey(deps.client, key).then(Boolean));
    return plugins.get(key)!;
  };
  const prepared: Array<ImportItem | ImportItemResult> = [];
  for (const [index, doc] of docs.entries()) {
    prepared.push(await prepareItem(deps, pluginExists, doc, index));
    if (index % BATCH === BATCH - 1) await setImmediate();
  }
  const failed = prepared.filter((p): p is ImportItemResult => 'action' in p);
  if (failed.length) throw importInvalid(failed, docs.length);
  const ready = prepared.filter((p): p is ImportItem => !('action' in p));
  const items: ImportItemResult[] = [];
  await runInChunks(deps.client, async () => {
    const index = items.length;
    items.push(await writeItem(deps, ready[index], index));
    return items.length < ready.length;
  });
  return {
    total: items.length,
    created: items.filter((i) => i.action === 'created').length,
    updated: items.filter((i) => i.action === 'updated').length,
    unchanged: items.filter((i) => i.action === 'unchanged').length,
    items,
  };
}

/**
 * A line that starts a new document or ends one: `---` or `...` at column 0, followed by a space or the end
 * of the line. YAML forbids such a line inside a document (even inside a block scalar), so cutting the text
 * there gives the same documents as parsing it whole (anchors and aliases never reach across documents).
 */
const DOCUMENT_MARKER = /^(?:---|\.\.\.)(?=[ \t\r\n]|$)/gm;
/** A line without content: blank, a comment or a directive. */
const EMPTY_LINE = /^\s*(?:[%#].*)?$/;

/** Whether a piece holds nothing but its marker, directives, comments and blank lines. */
function hasNoContent(piece: string): boolean {
  return piece
    .replace(/^(?:---|\.\.\.)/, '')
    .split('\n')
    .every((line) => EMPTY_LINE.test(line));
}

/** The file's documents, parsed a batch at a time with a yield in between (a 16 MiB file takes a while). */
async function parseDocuments(text: string): Promise<unknown[]> {
  const docs: unknown[] = [];
  for (const [parsed, chunk] of splitDocuments(text).entries()) {
    docs.push(...parseChunk(chunk));
    if (docs.length > MAX_IMPORT_ITEMS) break;
    if (parsed % BATCH === BATCH - 1) await setImmediate();
  }
  if (docs.length === 0) throw new AppError('IMPORT_INVALID', '没有可导入的记录', { status: 400, messageEn: 'the file holds no records' });
  if (docs.length > MAX_IMPORT_ITEMS)
    throw new AppError('IMPORT_INVALID', `单次最多导入 ${MAX_IMPORT_ITEMS} 条`, {
      status: 400,
      messageEn: `at most ${MAX_IMPORT_ITEMS} records per import`,
    });
  return docs;
}

/** The text cut at each document marker; a piece without content (directives, `---` alone) joins the next. */
function splitDocuments(text: string): string[] {
  const chunks: string[] = [];
  let start = 0;
  for (const match of text.matchAll(DOCUMENT_MARKER)) {
    if (match.index === start || hasNoContent(text.slice(start, match.index))) continue;
    chunks.push(text.slice(start, match.index));
    start = match.index;
  }
  chunks.push(text.slice(start));
  return chunks;
}

/** One piece's documents; aliases and deep nesting are refused (loadAllYamlInput), other YAML errors are IMPORT_INVALID. */
function parseChunk(chunk: string): unknown[] {
  try {
    return loadAllYamlInput(chunk).filter((d) => d !== null && d !== undefined);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('IMPORT_INVALID', `YAML 解析失败: ${(err as Error).message}`, {
      status: 400,
      messageEn: `not valid YAML: ${(err as Error).message}`,
    });
  }
}

/** The resource to write, or the item's failure. */
async function prepareItem(
  deps: PluginAuthDeps,
  pluginExists: (key: string) => Promise<boolean>,
  doc: unknown,
  index: number,
): Promise<ImportItem | ImportItemResult> {
  try {
    const obj = doc as AuthLog;
    const { kind } = SitePluginAuthLog;
    if (!obj || typeof obj !== 'object' || obj.kind !== kind) throw new AppError('INVALID', `kind must be ${kind}`);
    if (obj.apiVersion !== undefined && obj.apiVersion !== RESOURCE_API_VERSION)
      throw new AppError('INVALID', `apiVersion must be ${RESOURCE_API_VERSION}`);
    const spec = { ...(obj.spec ?? {}) } as AuthLogSpec;
    spec.authDomain = normalizeDomain(spec.authDomain);
    for (const field of ['authTime', 'expireTime'] as const) {
      const stamp = storedTime(spec[field], field);
      if (stamp) spec[field] = stamp;
      else delete spec[field];
    }
    const name = recordName({ pluginKey: spec.pluginKey, domain: spec.authDomain, user: spec.authUser });
    const given = obj.metadata?.name;
    if (given !== undefined && given !== name)
      throw new AppError('NAME_MISMATCH', `metadata.name must be ${name} (derived from pluginKey, domain and user)`);
    if (!(await pluginExists(spec.pluginKey))) throw new AppError('PLUGIN_NOT_FOUND', `plugin ${spec.pluginKey} is not in the catalog`);
    const metadata = {
      name,
      ...(obj.metadata?.labels ? { labels: obj.metadata.labels } : {}),
      ...(obj.metadata?.annotations ? { annotations: obj.metadata.annotations } : {}),
    };
    const item: ImportItem = { metadata, spec };
    deps.client.registry.validate(deps.client.kind(SitePluginAuthLog), { apiVersion: RESOURCE_API_VERSION, kind, ...item });
    return item;
  } catch (err) {
    const e = isAppError(err) ? err : new AppError('INVALID', (err as Error).message);
    const detail = e.details.map((d) => `${d.field ?? ''} ${d.message}`.trim()).join('; ');
    return {
      index,
      name: (doc as AuthLog | undefined)?.metadata?.name,
      action: 'failed',
      code: String(e.code),
      message: detail ? `${e.messageEn ?? e.message}: ${detail}` : (e.messageEn ?? e.message),
    };
  }
}

async function writeItem(deps: PluginAuthDeps, item: ImportItem, index: number): Promise<ImportItemResult> {
  const name = item.metadata.name;
  const current = await deps.client.fetch(SitePluginAuthLog, name);
  if (!current) {
    await deps.client.create(SitePluginAuthLog, item);
    return { index, name, action: 'created' };
  }
  const { labels, annotations } = item.metadata;
  const next = { ...current, metadata: { ...current.metadata, labels, annotations }, spec: item.spec };
  if (!next.metadata.labels) delete next.metadata.labels;
  if (!next.metadata.annotations) delete next.metadata.annotations;
  const written = await deps.client.update(next);
  return { index, name, action: written.metadata.resourceVersion === current.metadata.resourceVersion ? 'unchanged' : 'updated' };
}

function importInvalid(failed: ImportItemResult[], total: number): AppError {
  const details: ErrorDetail[] = failed.map((f) => ({
    field: `items[${f.index}]`,
    message: `${f.name ? `${f.name}: ` : ''}${f.message}`,
    reason: f.code,
  }));
  return new AppError('IMPORT_INVALID', `导入失败：${failed.length}/${total} 条记录有误，未写入任何记录`, {
    status: 400,
    messageEn: `${failed.length} of ${total} items are invalid; nothing was imported`,
    details,
  });
}
