import * as yaml from 'js-yaml';
import type { ExtensionClient } from '../../host/sdk/index.js';
import { RESOURCE_API_VERSION } from '../api/groups.js';
import { authLogCondition, type AuthLogFilter } from './list-auth-logs.js';
import { SitePluginAuthLog, type AuthLog } from './types.js';

export const EXPORT_FILE_NAME = 'sitePluginAuthLogs.yaml';

/**
 * The export as multi-document YAML, one record per document, streamed in pages (name order). A document
 * keeps what import restores: apiVersion, kind, metadata.name, labels, annotations and the whole spec.
 * Store-owned metadata (uid, resourceVersion, timestamps) is left out: a restore gets fresh ones.
 */
export async function* exportAuthLogs(client: ExtensionClient, filter: AuthLogFilter, now: number): AsyncGenerator<string> {
  let first = true;
  for await (const record of client.listAll(SitePluginAuthLog, authLogCondition(filter, now))) {
    if (!client.wellFormed(SitePluginAuthLog, record)) continue;
    yield `${first ? '' : '---\n'}${yaml.dump(exportDocument(record), { lineWidth: -1, noRefs: true, sortKeys: false })}`;
    first = false;
  }
}

export function exportDocument(record: AuthLog): Record<string, unknown> {
  const { name, labels, annotations } = record.metadata;
  const metadata: Record<string, unknown> = { name };
  if (labels && Object.keys(labels).length) metadata.labels = labels;
  if (annotations && Object.keys(annotations).length) metadata.annotations = annotations;
  return { apiVersion: RESOURCE_API_VERSION, kind: SitePluginAuthLog.kind, metadata, spec: record.spec };
}
