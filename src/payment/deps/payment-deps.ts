import type { Clock, ExtensionClient, Logger, Notifier } from '../../host/sdk/index.js';
import type { ChannelProvider } from '../settings/channel-provider.js';
import type { PaymentSettings } from '../settings/payment-settings.js';

/**
 * What the payment service's functions need; built once in payment-module.ts (tests build their own).
 * The orders family adds its event bus (orders/order-events.ts: OrderDeps).
 */
export interface PaymentDeps {
  client: ExtensionClient;
  logger: Logger;
  settings: PaymentSettings;
  channels: ChannelProvider;
  notifications: Notifier;
  /** The site's public URL (context.baseUrl); the callback domain setting overrides it for channels. */
  siteUrl: string;
  production: boolean;
  /** Read at each use, so a test may swap it for one that runs ahead. */
  clock: Clock;
}
