import type { ExtensionClient, Logger, Notifier } from '../host/sdk/index.js';
import type { ChannelProvider } from './settings/channel-provider.js';
import type { PaymentSettings } from './settings/payment-settings.js';
import type { PaymentInfo, PaymentStatus } from './orders/types.js';

/** A committed status change, handed to the after-commit listeners (admin notification, delivery worker). */
export interface OrderEvent {
  eventId: string;
  order: PaymentInfo;
  from: PaymentStatus;
  to: PaymentStatus;
  /** True when a notifyUrl delivery record was written with the change. */
  deliveryQueued: boolean;
}

/** What the payment service's functions need; built once in service.ts (tests build their own). */
export interface PaymentDeps {
  client: ExtensionClient;
  logger: Logger;
  settings: PaymentSettings;
  channels: ChannelProvider;
  notifications: Notifier;
  /** The site's public URL (context.baseUrl); the callback domain setting overrides it for channels. */
  siteUrl: string;
  production: boolean;
  now: () => Date;
  /** Called after each committed status change; must not throw. */
  onOrderEvent(event: OrderEvent): void;
  /** Asks the notifyUrl delivery worker to look for due deliveries now. */
  wakeNotifier(): void;
}
