import type { OrderDeps } from '../orders/order-events.js';
import type { MerchantSettings } from './merchant-settings.js';

/** What the merchant family needs: the service's order deps plus its own settings. */
export interface MerchantDeps extends OrderDeps {
  merchantSettings: MerchantSettings;
}
