import { and, eq, listResult, NotFoundError, or, type Condition, type ExtensionClient, type ListResult } from '../../host/sdk/index.js';
import type { PermanentCodeStatus } from './permanent-code-redemption.js';
import { PermanentAuthCode, type PermanentCode } from './types.js';

/** Console filters of the code list (spec: plugin, user, channel, status, keyword). */
export interface CodeFilter {
  pluginKey?: string;
  /** The redeeming user or the user a code is restricted to. */
  user?: string;
  channel?: string;
  status?: PermanentCodeStatus;
  /** Contains, on code, plugin key and redeeming user. */
  keyword?: string;
}

export function codeCondition(f: CodeFilter): Condition | undefined {
  const keyword = f.keyword?.trim();
  return and(
    f.pluginKey ? eq('spec.pluginKey', f.pluginKey) : undefined,
    f.user ? or(eq('spec.authUser', f.user), eq('spec.restrictedUser', f.user)) : undefined,
    f.channel ? eq('spec.channel', f.channel) : undefined,
    f.status ? eq('spec.status', f.status) : undefined,
    keyword
      ? or(...['spec.code', 'spec.pluginKey', 'spec.authUser'].map((field) => ({ op: 'contains' as const, field, value: keyword })))
      : undefined,
  );
}

/** Newest first, paged. */
export async function listPermanentCodes(
  client: ExtensionClient,
  f: CodeFilter & { page: number; size: number },
): Promise<ListResult<PermanentCode>> {
  const sort = [{ field: 'metadata.creationTimestamp', direction: 'desc' as const }];
  const found = await client.list(PermanentAuthCode, { where: codeCondition(f), sort, page: f.page, size: f.size });
  return listResult(
    client.viewItems(PermanentAuthCode, found.items, (c) => c),
    found.total ?? 0,
    f.page,
    f.size,
  );
}

/** The export: one code per line, every code the filter matches, read in pages. */
export async function* exportPermanentCodes(client: ExtensionClient, f: CodeFilter): AsyncGenerator<string> {
  for await (const code of client.listAll(PermanentAuthCode, codeCondition(f)))
    if (client.wellFormed(PermanentAuthCode, code)) yield `${code.spec.code}\n`;
}

export async function deletePermanentCode(client: ExtensionClient, name: string): Promise<{ name: string }> {
  if (!(await client.fetch(PermanentAuthCode, name))) throw new NotFoundError(PermanentAuthCode.kind, name);
  await client.delete(PermanentAuthCode, name);
  return { name };
}
