import type { ExtensionClient } from '../client/extension-client.js';
import type { OperationRegistry } from '../api/operations/operation-registry.js';
import type { Clock } from '../controller/clock.js';
import { ControllerManager } from '../controller/controller-manager.js';
import type { Logger } from '../logging/logger.js';
import { jobRunOperations } from '../scheduler/job-run-operations.js';
import { Scheduler } from '../scheduler/scheduler.js';
import { settingsOperations } from '../settings/settings-operations.js';
import { SettingsService } from '../settings/settings-service.js';
import type { Store } from '../store/store.js';
import { createLeaderElector } from './create-elector.js';
import { processIdentity } from './identity.js';
import { Leadership } from './leadership.js';
import type { LeaderElector } from './types.js';

export interface WorkloadOptions {
  client: ExtensionClient;
  store: Store;
  logger: Logger;
  /** Where getSettings, updateSettings and listJobRuns are registered (omitted in scripts and tests). */
  operations?: OperationRegistry;
  databaseUrl?: string;
  identity?: string;
  clock?: Clock;
  /** Told about every finished or skipped job run (metrics). */
  onJobRun?: (job: string, outcome: string, durationMs?: number) => void;
  /** Leader election timing (PostgreSQL only). */
  heartbeatMs?: number;
  retryMs?: number;
}

/** Settings, the scheduler and the controllers, with leader election deciding where jobs and reconciles run. */
export interface HostWorkloads {
  settings: SettingsService;
  scheduler: Scheduler;
  controllers: ControllerManager;
  leader: LeaderElector;
  leadership: Leadership;
  stop(): Promise<void>;
}

/**
 * Creates and starts the host's settings, scheduler and controller manager. Settings run in every process;
 * the scheduler and the controllers are activated only while this process leads.
 */
export async function startWorkloads(options: WorkloadOptions): Promise<HostWorkloads> {
  const identity = options.identity ?? processIdentity();
  const logger = options.logger;
  const settings = new SettingsService(options.client, logger.child({ component: 'settings' }));
  const scheduler = new Scheduler({
    client: options.client,
    logger: logger.child({ component: 'scheduler' }),
    holder: identity,
    clock: options.clock,
    onRunFinished: options.onJobRun,
  });
  const controllers = new ControllerManager({
    client: options.client,
    logger: logger.child({ component: 'controllers' }),
    clock: options.clock,
  });
  const leader = createLeaderElector({ ...options, identity, logger: logger.child({ component: 'leader' }) });
  const leadership = new Leadership(leader, [scheduler, controllers], { client: options.client, logger, backend: options.store.backend });
  for (const op of [...settingsOperations(settings), ...jobRunOperations(scheduler)]) options.operations?.add(op);
  await settings.start();
  const unfollow = scheduler.followSettings(settings);
  await leadership.start();
  return {
    settings,
    scheduler,
    controllers,
    leader,
    leadership,
    async stop() {
      unfollow();
      await leadership.stop();
      settings.stop();
    },
  };
}
