/**
 * The payment channel layer: one interface, a registry keyed by paymentType, one folder per adapter.
 * Depends only on host errors and the money module; the orders service drives it.
 */
import { aggregator1Definition } from './aggregator-1/index.js';
import { aggregator2Definition } from './aggregator-2/index.js';
import { aggregator3Definition } from './aggregator-3/index.js';
import { cardDefinition } from './card/index.js';
import { customDefinition } from './custom/index.js';
import { intlWalletDefinition } from './intl-wallet/index.js';
import { ChannelRegistry } from './registry.js';
import { sandboxDefinition } from './sandbox/index.js';
import { walletADefinition } from './wallet-a/index.js';
import { walletBDefinition } from './wallet-b/index.js';

export * from './core/catalog.js';
export * from './core/types.js';
export * from './core/errors.js';
export type { PaymentChannel, PaymentChannelDefinition, ChannelCurrencyRule } from './core/channel.js';
export { ChannelRegistry, type ResolvedChannel } from './registry.js';
export {
  routeCustomCallback,
  matchesByFingerprint,
  CUSTOM_SUB_PROVIDERS,
  CUSTOM_HEADER_FINGERPRINTS,
  type CustomRoute,
  type CustomSubProvider,
} from './core/custom-router.js';
export { assertCallbackMatchesOrder } from './callback-checks.js';
export { parseChannelAmount } from './channel-amount.js';
export { decideAnswer } from './core/callback-answer.js';
export { headerValue, callbackParams, rawBodyText } from './core/callback-request.js';
export { walletADefinition, walletBDefinition, sandboxDefinition, customDefinition, intlWalletDefinition };
export { aggregator1Definition, aggregator2Definition, aggregator3Definition, cardDefinition };
export { CustomChannel, type CustomCallbackRoute } from './custom/index.js';

/** A registry with every adapter of the spec's payment services and the sandbox. */
export function createChannelRegistry(): ChannelRegistry {
  return new ChannelRegistry()
    .register(walletADefinition)
    .register(walletBDefinition)
    .register(aggregator1Definition)
    .register(aggregator2Definition)
    .register(aggregator3Definition)
    .register(intlWalletDefinition)
    .register(cardDefinition)
    .register(customDefinition)
    .register(sandboxDefinition);
}
