import { AppError, defineKind, type ExtensionClient } from '../../../host/sdk/index.js';
import { RESOURCE_GROUP, RESOURCE_VERSION } from '../../api/api-groups.js';
import type { SandboxTradeSpec, SandboxTradeStore } from './trade-store.js';

/** The simulated gateway's trades as resources (extensions/sandbox-trade.yaml), named by payment id. */
export const SandboxTrade = defineKind<SandboxTradeSpec>({
  group: RESOURCE_GROUP,
  version: RESOURCE_VERSION,
  kind: 'SandboxTrade',
  plural: 'sandboxtrades',
});

/** The simulated gateway's trades as SandboxTrade resources, so every replica sees the same gateway. */
export class ResourceSandboxTradeStore implements SandboxTradeStore {
  constructor(private readonly client: ExtensionClient) {}

  async get(paymentId: string): Promise<SandboxTradeSpec | undefined> {
    const found = await this.client.fetch(SandboxTrade, nameOf(paymentId));
    return found ? { ...found.spec } : undefined;
  }

  async put(trade: SandboxTradeSpec): Promise<void> {
    const spec = withoutUndefined(trade);
    for (let attempt = 1; ; attempt++) {
      try {
        const current = await this.client.fetch(SandboxTrade, nameOf(trade.paymentId));
        if (current) await this.client.update({ ...current, spec });
        else await this.client.create(SandboxTrade, { metadata: { name: nameOf(trade.paymentId) }, spec });
        return;
      } catch (err) {
        const raced = err instanceof AppError && (err.code === 'CONFLICT' || err.code === 'ALREADY_EXISTS');
        if (!raced || attempt >= 3) throw err;
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
