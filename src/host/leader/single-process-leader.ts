import { Listeners } from './listeners.js';
import type { LeaderElector } from './types.js';

/** The embedded (SQLite) store serves one process, which therefore always leads. */
export class SingleProcessLeader implements LeaderElector {
  private leader = false;
  private readonly listeners = new Listeners<boolean>();

  constructor(readonly identity: string) {}

  get isLeader(): boolean {
    return this.leader;
  }

  async start(): Promise<void> {
    if (this.leader) return;
    this.leader = true;
    this.listeners.emit(true);
  }

  async stop(): Promise<void> {
    if (!this.leader) return;
    this.leader = false;
    this.listeners.emit(false);
  }

  onChange(listener: (leader: boolean) => void): () => void {
    return this.listeners.add(listener);
  }
}
