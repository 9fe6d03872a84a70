import { LeasedDeliveryWorker, delayTable } from '../../host/sdk/index.js';
import type { PaymentDeps } from '../deps/payment-deps.js';
import type { AttemptResult } from './deliver-once.js';
import { NotifyDeliveries } from './notify-deliveries.js';
import { RETRY_DELAYS_MS } from './retry-schedule.js';
import type { NotifyDelivery } from './types.js';

export interface DeliveryWorkerOptions {
  /** Longest sleep between two looks (it also wakes at once when an event is queued). Default 2 s. */
  pollMs?: number;
  batchSize?: number;
  /** How long a claimed delivery is reserved for this process (a crash delays it by this much). */
  leaseMs?: number;
}

/** Sends due notifyUrl deliveries on the host's leased delivery worker (claim, deliver, retry, give up). */
export class NotifyDeliveryWorker extends LeasedDeliveryWorker<NotifyDelivery, undefined, AttemptResult> {
  constructor(deps: PaymentDeps, options: DeliveryWorkerOptions = {}) {
    super(new NotifyDeliveries(deps), {
      name: 'notify',
      logger: deps.logger,
      clock: deps.clock,
      pollIntervalMs: options.pollMs ?? 2000,
      batchSize: options.batchSize ?? 20,
      leaseMs: options.leaseMs ?? 60_000,
      retry: delayTable(RETRY_DELAYS_MS),
      parallel: true,
    });
  }
}
