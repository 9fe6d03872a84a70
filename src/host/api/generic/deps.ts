import type { ExtensionClient } from '../../client/extension-client.js';
import type { KindRegistry } from '../../schema/kind-registry.js';
import type { Logger } from '../../logging/logger.js';

/** What the generic API needs from the host, injected so tests can build it around any store. */
export interface GenericApiDeps {
  registry: KindRegistry;
  logger: Logger;
  client: ExtensionClient;
  /** True for groups served by business endpoints (their errors stay in the envelope). */
  isBusinessGroup(group: string): boolean;
  /** Version reported by /version (gitVersion build metadata). */
  serverVersion: string;
  /** How often a watch with allowWatchBookmarks=true gets a BOOKMARK event. */
  bookmarkIntervalMs: number;
  /** Watch duration when the client gives no timeoutSeconds (Kubernetes picks 30–60 minutes). */
  defaultWatchTimeoutSeconds: number;
}
