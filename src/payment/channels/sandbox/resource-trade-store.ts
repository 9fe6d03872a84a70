import { setTimeout as sleep } from 'node:timers/promises';
import { AppError, defineKind, type ExtensionClient } from '../../../host/sdk/index.js';
import { RESOURCE_GROUP, RESOURCE_VERSION } from '../../api/api-groups.js';
import { ChannelError } from '../core/errors.js';
import type { SandboxTradeEdit, SandboxTradeSpec, SandboxTradeStore } from './trade-store.js';

/** The simulated gateway's trades as resources (extensions/sandbox-trade.yaml), named by payment id. */
export const SandboxTrade = defineKind<SandboxTradeSpec>({
  group: RESOURCE_GROUP,
  version: RESOURCE_VERSION,
  kind: 'SandboxTrade',
  plural: 'sandboxtrades',
});

/**
 * How often a change is tried again when another replica changed the trade first. Each round one writer wins,
 * so this many writers of one trade at the same moment all get through.
 */
const MAX_ATTEMPTS = 30;

/** The simulated gateway's trades as SandboxTrade resources, so every replica sees the same gateway. */
export class ResourceSandboxTradeStore implements SandboxTradeStore {
  constructor(private readonly client: ExtensionClient) {}

  async get(paymentId: string): Promise<SandboxTradeSpec | undefined> {
    const found = await this.client.fetch(SandboxTrade, nameOf(paymentId));
    return found ? { ...found.spec } : undefined;
  }

  async put(trade: SandboxTradeSpec): Promise<void> {
    await this.change(trade.paymentId, () => trade);
  }

  /** A compare-and-set on the version read: a trade changed in between is read again and edited again. */
  async change(paymentId: string, edit: SandboxTradeEdit): Promise<SandboxTradeSpec | undefined> {
    for (let attempt = 1; ; attempt++) {
      const current = await this.client.fetch(SandboxTrade, nameOf(paymentId));
      const next = edit(current ? { ...current.spec } : undefined);
      if (next === undefined) return current?.spec;
      const spec = withoutUndefined(next);
      try {
        if (current) await this.client.update({ ...current, spec });
        else await this.client.create(SandboxTrade, { metadata: { name: nameOf(paymentId) }, spec });
        return spec;
      } catch (err) {
        const raced = err instanceof AppError && (err.code === 'CONFLICT' || err.code === 'ALREADY_EXISTS');
        if (!raced) throw err;
        if (attempt >= MAX_ATTEMPTS) throw new ChannelError('CHANNEL_UNAVAILABLE', `sandbox trade ${paymentId} kept changing`);
        await sleep(Math.floor(Math.random() * 5 * attempt));
      }
    }
  }
}

function nameOf(paymentId: string): string {
  return paymentId.toLowerCase();
}

/** The schema refuses explicit nulls, and JSON has no undefined: absent fields are left out. */
function withoutUndefined(trade: SandboxTradeSpec): SandboxTradeSpec {
  const spec = { ...trade };
  for (const key of Object.keys(spec) as (keyof SandboxTradeSpec)[]) if (spec[key] === undefined) delete spec[key];
  return spec;
}
