import type { Logger } from '../logging/logger.js';
import type { MalformedObjectReporter } from '../client/malformed-objects.js';
import type { HostMetrics } from './metrics-registry.js';

/**
 * Reports each malformed stored object a read skipped: a warning naming kind and name (an operator can
 * then fix or delete it through the generic API) and the counter authpay_malformed_objects_skipped_total.
 */
export function malformedObjectReporter(logger: Logger, metrics: HostMetrics): MalformedObjectReporter {
  const skipped = metrics.counter({
    name: 'authpay_malformed_objects_skipped_total',
    help: 'Stored objects skipped by a list or read because they lack what their kind requires',
    labelNames: ['kind'],
  });
  return ({ kind, name, reason }) => {
    skipped.inc({ kind });
    logger.warn({ kind, name, reason }, 'malformed stored object skipped');
  };
}
