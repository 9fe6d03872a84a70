import type { ExtensionClient } from '../client/extension-client.js';
import type { Logger } from '../logging/logger.js';
import { recordLeadership } from './lease-record.js';
import type { LeaderElector, LeaderWork } from './types.js';

/**
 * Ties leader-only work (the scheduler, the controllers) to an elector: activated in order when this
 * process gains leadership, deactivated in reverse order when it loses it. Transitions run one after
 * another, so a quick lose-gain never overlaps an activation with a deactivation.
 */
export class Leadership {
  private chain: Promise<void> = Promise.resolve();
  private unsubscribe?: () => void;
  private active = false;

  constructor(
    readonly elector: LeaderElector,
    private readonly work: LeaderWork[],
    private readonly deps: { client: ExtensionClient; logger: Logger; backend: string },
  ) {}

  async start(): Promise<void> {
    this.unsubscribe = this.elector.onChange((leader) => this.enqueue(leader));
    await this.elector.start();
    await this.chain;
  }

  async stop(): Promise<void> {
    await this.elector.stop();
    this.unsubscribe?.();
    this.enqueue(false);
    await this.chain;
  }

  /** Resolves when every transition heard so far has been applied. */
  settled(): Promise<void> {
    return this.chain;
  }

  private enqueue(leader: boolean): void {
    this.chain = this.chain
      .then(() => (leader ? this.gain() : this.lose()))
      .catch((err) => {
        this.deps.logger.error({ err: (err as Error).message }, 'leadership transition failed');
      });
  }

  private async gain(): Promise<void> {
    if (this.active || !this.elector.isLeader) return;
    this.active = true;
    await recordLeadership(this.deps.client, this.elector.identity, this.deps.backend).catch((err) => {
      this.deps.logger.warn({ err: (err as Error).message }, 'could not record the leader lease');
    });
    for (const w of this.work) await w.activate();
  }

  private async lose(): Promise<void> {
    if (!this.active) return;
    this.active = false;
    for (const w of [...this.work].reverse()) await w.deactivate();
  }
}
