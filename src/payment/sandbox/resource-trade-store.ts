import { type ExtensionClient, AppError, type Resource } from '../../host/sdk/index.js';
import type { SandboxTrade, SandboxTradeStore } from '../channels/sandbox/index.js';
import { KINDS } from '../api-groups.js';

type SandboxTradeResource = Resource<SandboxTrade>;

/** The simulated gateway's trades as SandboxTrade resources, so every replica sees the same gateway. */
export class ResourceSandboxTradeStore implements SandboxTradeStore {
  constructor(private readonly client: ExtensionClient) {}

  async get(paymentId: string): Promise<SandboxTrade | undefined> {
    const found = await this.client.fetch<SandboxTradeResource>(KINDS.sandboxTrade, nameOf(paymentId));
    return found?.spec ? { ...found.spec } : undefined;
  }

  async put(trade: SandboxTrade): Promise<void> {
    const spec = Object.fromEntries(Object.entries(trade).filter(([, v]) => v !== undefined)) as unknown as SandboxTrade;
    for (let attempt = 1; ; attempt++) {
      try {
        const current = await this.client.fetch<SandboxTradeResource>(KINDS.sandboxTrade, nameOf(trade.paymentId));
        if (current) await this.client.update({ ...current, spec });
        else await this.client.create({ apiVersion: '', kind: KINDS.sandboxTrade, metadata: { name: nameOf(trade.paymentId) }, spec } as unknown as Resource);
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
