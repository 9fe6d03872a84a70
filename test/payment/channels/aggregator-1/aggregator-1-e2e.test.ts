import { describeEpayEndToEnd } from '../epay/epay-end-to-end.js';
import { FakeEpayGateway } from '../epay/fake-epay-gateway.js';
import { PID, V1_KEY } from '../epay/test-keys.js';

describeEpayEndToEnd({
  type: 'AGGREGATOR_1',
  startGateway: () => new FakeEpayGateway({ version: 'v1', pid: PID, key: V1_KEY }).start(),
  settings: (gateway) => ({
    aggregator1Enabled: true,
    aggregator1Url: gateway.url,
    aggregator1MerchantId: PID,
    aggregator1Key: V1_KEY,
  }),
  closesAtGateway: false,
});
