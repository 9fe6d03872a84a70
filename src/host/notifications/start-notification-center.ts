import type { OperationRegistry } from '../api/operations/operation-registry.js';
import { NotificationCenter, type NotificationCenterOptions } from './notification-center.js';

/** Creates the host's notification center, registers its operations and starts the delivery worker. */
export function startNotificationCenter(options: NotificationCenterOptions & { operations: OperationRegistry }): NotificationCenter {
  const { operations, ...rest } = options;
  const center = new NotificationCenter(rest);
  for (const def of center.operations()) operations.add(def);
  center.start();
  return center;
}
