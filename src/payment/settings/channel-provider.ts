import { createHash } from 'node:crypto';
import { type ExtensionClient, AppError } from '../../host/sdk/index.js';
import {
  ChannelError,
  createChannelRegistry,
  type ChannelDeps,
  type ChannelRegistry,
  type PaymentChannel,
  type PaymentType,
  type ResolvedChannel,
} from '../channels/index.js';
import { ResourceSandboxTradeStore } from '../channels/sandbox/index.js';
import { channelSettingsOf } from './channel-options.js';
import type { PaymentSettings, PaymentSettingValues } from './payment-settings.js';

/** A usable adapter with the facts initiation checks. */
export interface ChannelChoice extends ResolvedChannel {
  channel: PaymentChannel;
}

/**
 * Builds adapter instances from the current settings (enabled switch + credentials), once per distinct set
 * of options: keys are parsed when credentials change, not per request.
 */
export class ChannelProvider {
  readonly registry: ChannelRegistry = createChannelRegistry();
  private readonly cache = new Map<PaymentType, { key: string; values: PaymentSettingValues; channel: PaymentChannel }>();
  private readonly sandboxStore: ResourceSandboxTradeStore;

  constructor(
    private readonly settings: PaymentSettings,
    client: ExtensionClient,
  ) {
    this.sandboxStore = new ResourceSandboxTradeStore(client);
  }

  /** The adapter of a type regardless of its switch (callbacks, queries and closes of existing orders). */
  async instance(type: unknown, values?: PaymentSettingValues): Promise<PaymentChannel> {
    const paymentType = this.registry.resolveType(type);
    const v = values ?? (await this.settings.read());
    const cached = this.cache.get(paymentType);
    // The settings answer one frozen object per version: the same object means the same options.
    if (cached?.values === v) return cached.channel;
    const { options } = channelSettingsOf(paymentType, v);
    const key = createHash('sha256').update(JSON.stringify(options)).digest('hex');
    if (cached?.key === key) {
      cached.values = v;
      return cached.channel;
    }
    const deps: ChannelDeps & { store?: ResourceSandboxTradeStore } = paymentType === 'SANDBOX' ? { store: this.sandboxStore } : {};
    const channel = this.registry.create(paymentType, options, deps);
    this.cache.set(paymentType, { key, values: v, channel });
    return channel;
  }

  /** Whether a registered service is switched on. */
  async enabled(type: PaymentType, values?: PaymentSettingValues): Promise<boolean> {
    return channelSettingsOf(type, values ?? (await this.settings.read())).enabled;
  }

  /**
   * The adapter for a new order: type and channel must exist, the service must be on, and `TYPE:CHANNEL`
   * must be in the supportedChannels whitelist (else 当前支付渠道未启用).
   */
  async forInitiation(type: unknown, channel: unknown): Promise<ChannelChoice> {
    const resolved = this.registry.resolve(type, channel);
    const values = await this.settings.read();
    if (!channelSettingsOf(resolved.paymentType, values).enabled) {
      throw new AppError('PAYMENT_SERVICE_DISABLED', '当前支付服务未启用', {
        status: 400,
        messageEn: `payment service ${resolved.paymentType} is not enabled`,
        details: [{ field: 'paymentType', message: '该支付服务未启用', messageEn: 'This payment service is not enabled.' }],
      });
    }
    if (!values.supportedChannels.includes(`${resolved.paymentType}:${resolved.paymentChannel}`)) {
      throw new AppError('PAYMENT_CHANNEL_DISABLED', '当前支付渠道未启用', {
        status: 400,
        messageEn: `payment channel ${resolved.paymentType}:${resolved.paymentChannel} is not enabled`,
        details: [
          {
            field: 'paymentChannel',
            message: '该支付渠道不在已启用的渠道中',
            messageEn: 'This payment channel is not among the enabled channels.',
          },
        ],
      });
    }
    try {
      return { ...resolved, channel: await this.instance(resolved.paymentType, values) };
    } catch (err) {
      if (err instanceof ChannelError && err.code === 'CHANNEL_MISCONFIGURED') {
        throw new AppError('CHANNEL_MISCONFIGURED', '支付渠道配置不完整', {
          status: 400,
          messageEn: err.message,
          details: err.details.map((d) => ({ field: d.field, message: d.reason ?? 'invalid' })),
        });
      }
      throw err;
    }
  }

  /** Every `TYPE:CHANNEL` whose service is registered and on, and which the whitelist admits. */
  async available(): Promise<string[]> {
    const values = await this.settings.read();
    return this.registry
      .channelKeys()
      .filter((key) => values.supportedChannels.includes(key) && channelSettingsOf(key.split(':')[0] as PaymentType, values).enabled);
  }
}
