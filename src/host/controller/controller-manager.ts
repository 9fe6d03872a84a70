import type { ExtensionClient } from '../client/extension-client.js';
import type { Logger } from '../logging/logger.js';
import type { Clock } from './clock.js';
import { Controller } from './controller.js';
import type { ControllerDefinition, ControllerRegistrar } from './types.js';

/**
 * Holds every registered controller and runs them only while active, which the host ties to leadership:
 * controllers start when this process becomes leader and stop when it is no longer.
 */
export class ControllerManager implements ControllerRegistrar {
  private readonly controllers = new Map<string, Controller>();
  private active = false;

  constructor(private readonly deps: { client: ExtensionClient; logger: Logger; clock?: Clock }) {}

  register(definition: ControllerDefinition): () => Promise<void> {
    if (this.controllers.has(definition.name)) throw new Error(`controller ${definition.name} is registered twice`);
    const controller = new Controller(definition, this.deps);
    this.controllers.set(definition.name, controller);
    if (this.active) void this.startOne(controller);
    return async () => {
      if (this.controllers.get(definition.name) !== controller) return;
      this.controllers.delete(definition.name);
      await controller.stop();
    };
  }

  get(name: string): Controller | undefined {
    return this.controllers.get(name);
  }

  names(): string[] {
    return [...this.controllers.keys()];
  }

  get isActive(): boolean {
    return this.active;
  }

  async activate(): Promise<void> {
    if (this.active) return;
    this.active = true;
    await Promise.all([...this.controllers.values()].map((c) => this.startOne(c)));
  }

  async deactivate(): Promise<void> {
    if (!this.active) return;
    this.active = false;
    await Promise.all([...this.controllers.values()].map((c) => c.stop()));
  }

  /** A registrar whose controllers are unregistered when the owner (a plugin) stops. */
  scoped(onStop: (fn: () => Promise<void>) => void): ControllerRegistrar {
    const unregisters: Array<() => Promise<void>> = [];
    onStop(async () => {
      for (const unregister of unregisters.splice(0).reverse()) await unregister();
    });
    return {
      register: (definition) => {
        const unregister = this.register(definition);
        unregisters.push(unregister);
        return unregister;
      },
    };
  }

  private async startOne(controller: Controller): Promise<void> {
    try {
      await controller.start();
    } catch (err) {
      this.deps.logger.error({ controller: controller.definition.name, err: (err as Error).message }, 'controller failed to start');
    }
  }
}
