import { runInChunks } from '../../host/sdk/index.js';
import type { MerchantDeps } from '../merchants/merchant-deps.js';
import { buildingRecords, SettlementClaim } from './build-settlement.js';
import { sealSettlement } from './seal-settlement.js';
import type { SettlementRecord } from './types.js';
import type { SettlementOrigin } from './write-settlement.js';

/**
 * Settles every eligible order of one merchant: one record per currency, several when a currency has more
 * orders than one record holds. Orders are claimed in short transactions (runInChunks, about 15 ms each) for
 * records in the BUILDING state (build-settlement.ts), so other writers go between chunks; a full record, and
 * at the end every BUILDING record of the merchant, is sealed PENDING (seal-settlement.ts). A crash leaves
 * whole BUILDING records that the next run finishes the same way. Returns the records this run sealed.
 */
export async function settleMerchant(
  deps: MerchantDeps,
  merchant: string,
  rateBasisPoints: number,
  origin: SettlementOrigin,
  signal?: AbortSignal,
): Promise<SettlementRecord[]> {
  const sealed: SettlementRecord[] = [];
  const seal = async (name: string) => {
    const record = await sealSettlement(deps, name);
    if (record) sealed.push(record);
  };
  const claim = new SettlementClaim(deps, merchant, rateBasisPoints, origin);
  while (!claim.done) {
    await runInChunks(deps.client, () => claim.step(), { signal });
    if (claim.full) await seal(claim.full);
    claim.full = undefined;
  }
  for (let open = await buildingRecords(deps, merchant); open.length; open = await buildingRecords(deps, merchant)) {
    signal?.throwIfAborted();
    await seal(open[0].metadata.name);
  }
  return sealed;
}
