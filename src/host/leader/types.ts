/**
 * Decides which process runs the work that must happen once (scheduled jobs, reconcilers). Listeners hear
 * every transition: true when this process became leader, false when it stopped being one.
 */
export interface LeaderElector {
  readonly identity: string;
  readonly isLeader: boolean;
  /** Resolves after the first attempt to lead (so a lone process is leader when start resolves). */
  start(): Promise<void>;
  /** Gives up leadership (listeners hear false) and releases what the election holds. */
  stop(): Promise<void>;
  onChange(listener: (leader: boolean) => void): () => void;
}

/** Something that runs only on the leader. */
export interface LeaderWork {
  activate(): Promise<void>;
  deactivate(): Promise<void>;
}
