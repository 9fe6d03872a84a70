import { AppError } from '../../host/sdk/index.js';
import { requirePlugin } from '../catalog/find-plugin.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { canonicalTimestamp } from '../timestamps/canonical-timestamp.js';
import { nowStamp } from '../timestamps/whole-second.js';
import { requireUser } from '../users/user-lookup.js';
import { codeResourceName } from './code-names.js';
import { generatePermanentCodes as newCodes } from './permanent-code.js';
import { PermanentAuthCode, type PermanentCodeSpec } from './types.js';

export interface GenerateCodesInput {
  pluginKey: string;
  channel: string;
  count: number;
  /** Restricts every generated code to this user (spec "generate for a named user"). */
  authUser?: string;
  /** Optional expiry; a job moves codes still PENDING past it to EXPIRED. */
  expiresAt?: string;
  /** An administrator's user name, or `docking:<channel>` for the docking API. */
  createdBy: string;
}

/**
 * Generates a batch of PENDING codes for one plugin and channel. count must be 1..authCodeCreateLimit and
 * the channel one of the channel list; otherwise nothing is generated. The batch is one transaction.
 */
export async function generatePermanentCodes(deps: PluginAuthDeps, input: GenerateCodesInput): Promise<{ codes: string[] }> {
  const settings = await deps.settings.read();
  checkCount(input.count, settings.authCodeCreateLimit);
  if (!settings.channels.includes(input.channel)) throw unknownChannel(input.channel, settings.channels);
  const expiresAt = checkExpiry(input.expiresAt, nowStamp(deps.clock));
  const { client } = deps;
  return client.transaction(async () => {
    await requirePlugin(client, input.pluginKey);
    if (input.authUser) await requireUser(client, input.authUser);
    const codes = newCodes(input.count);
    for (const code of codes) {
      const spec: PermanentCodeSpec = {
        code,
        pluginKey: input.pluginKey,
        channel: input.channel,
        status: 'PENDING',
        createdBy: input.createdBy,
      };
      if (input.authUser) spec.restrictedUser = input.authUser;
      if (expiresAt) spec.expiresAt = expiresAt;
      await client.create(PermanentAuthCode, { metadata: { name: codeResourceName(code) }, spec });
    }
    return { codes };
  });
}

function checkCount(count: number, limit: number): void {
  if (Number.isInteger(count) && count >= 1 && count <= limit) return;
  throw new AppError('CODE_COUNT_OUT_OF_RANGE', `生成数量必须在 1 到 ${limit} 之间`, {
    status: 400,
    messageEn: `count must be between 1 and ${limit} (authCodeCreateLimit)`,
    details: [{ field: 'count', message: `须在 1 到 ${limit} 之间`, messageEn: `must be between 1 and ${limit}` }],
  });
}

function checkExpiry(expiresAt: string | undefined, now: string): string | undefined {
  if (expiresAt === undefined) return undefined;
  const stamp = canonicalTimestamp(expiresAt);
  if (stamp && stamp > now) return stamp;
  throw new AppError('VALIDATION_FAILED', '过期时间必须是将来的时间', {
    status: 400,
    messageEn: 'The expiry time must be in the future.',
    details: [{ field: 'expiresAt', message: '过期时间必须是将来的时间', messageEn: 'The expiry time must be in the future.' }],
  });
}

function unknownChannel(channel: string, channels: string[]): AppError {
  return new AppError('UNKNOWN_CHANNEL', `未知的销售渠道: ${channel}`, {
    status: 400,
    messageEn: `unknown channel "${channel}"; configured: ${channels.join(', ')}`,
    details: [
      {
        field: 'channel',
        message: `销售渠道“${channel}”不在设置的渠道列表中`,
        messageEn: `The sales channel "${channel}" is not in the channel list of the settings.`,
      },
    ],
  });
}
