import type { PaymentChannelDefinition } from '../core/channel.js';
import { validateSandboxOptions, type SandboxOptions } from './options.js';
import { SANDBOX_CHANNELS, SandboxChannel } from './sandbox-channel.js';

/** Registry entry of SANDBOX (simulated gateway). Pass `store` in deps to share trades across replicas. */
export const sandboxDefinition: PaymentChannelDefinition<SandboxOptions> = {
  id: 'SANDBOX',
  channels: SANDBOX_CHANNELS,
  secretFields: ['secret'],
  validateOptions: validateSandboxOptions,
  create: (options, deps) => new SandboxChannel(options, deps),
};

export { SandboxChannel, SANDBOX_CHANNELS, SANDBOX_CURRENCIES, type SandboxOutcome, type SandboxDeps } from './sandbox-channel.js';
export { validateSandboxOptions, generateSandboxSecret, type SandboxOptions } from './options.js';
export { SANDBOX_SIGNATURE_HEADER, SANDBOX_TOLERANCE_SECONDS, signSandboxPayload } from './signature.js';
export { MemorySandboxTradeStore, type SandboxTradeSpec, type SandboxTradeStore } from './trade-store.js';
export { SandboxTrade, ResourceSandboxTradeStore } from './resource-trade-store.js';
