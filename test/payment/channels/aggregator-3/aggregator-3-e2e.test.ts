import { describeEpayEndToEnd } from '../epay/epay-end-to-end.js';
import { FakeEpayGateway } from '../epay/fake-epay-gateway.js';
import { MERCHANT, PID, PLATFORM } from '../epay/test-keys.js';

describeEpayEndToEnd({
  type: 'AGGREGATOR_3',
  startGateway: () =>
    new FakeEpayGateway({
      version: 'v2',
      pid: PID,
      merchantPublicKey: MERCHANT.publicKey,
      platformPrivateKey: PLATFORM.privateKey,
    }).start(),
  settings: (gateway) => ({
    aggregator3Enabled: true,
    aggregator3Url: gateway.url,
    aggregator3MerchantId: PID,
    aggregator3Key: MERCHANT.privatePkcs8Pem,
    aggregator3PlatformPublicKey: PLATFORM.publicSpkiBase64,
  }),
  closesAtGateway: true,
});
