/**
 * The payment page of WALLET_B orders in a real browser (Debian Chromium through playwright-core), against
 * the fake WeChat Pay gateway: NATIVE shows the QR code (with a text alternative), H5 a link that sends our
 * origin as Referer (WeChat Pay's H5 cashier checks it), both axe-clean in zh-CN and English at desktop and
 * phone size; JSAPI inside WeChat invokes `getBrandWCPayRequest` with the signed parameters (WeixinJSBridge is
 * WeChat's own object: the test plays it), and outside WeChat says, in the page's language, where to open it.
 */
import type { Browser, Page } from 'playwright-core';
import { Formatter, Rsa } from 'wechatpay-axios-plugin';
import { PAGE_MESSAGES } from '../../../src/payment/page/page-messages.js';
import { api, configure, CONSOLE, startPaymentServer, type PaymentServer, type PaymentView } from '../support/payment-server.js';
import { FakeWechatPayGateway } from '../channels/wallet-b/fake-wechat-gateway.js';
import { API_V3_KEY, APP_ID, MCH_ID, MERCHANT, MERCHANT_SERIAL, PLATFORM_PUBKEY } from '../channels/wallet-b/test-keys.js';
import { axeProblems, CJK, fitsWidth, launchChromium, LOCALES, openPage, pageTexts, VIEWPORT_NAMES, type Locale } from './page-browser.js';

const WECHAT_UA = [
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
  'MicroMessenger/8.0.47.2560(0x28002F30) NetType/WIFI Language/zh_CN',
].join(' ');

let server: PaymentServer;
let gateway: FakeWechatPayGateway;
let browser: Browser;

beforeAll(async () => {
  server = await startPaymentServer();
  gateway = await new FakeWechatPayGateway({
    appId: APP_ID,
    mchId: MCH_ID,
    apiV3Key: API_V3_KEY,
    merchantSerial: MERCHANT_SERIAL,
    merchantPublicKey: MERCHANT.publicKey,
    signer: PLATFORM_PUBKEY,
  }).start();
  await configure(server, {
    allowLocalCallbackDomain: true,
    callbackDomain: server.url,
    supportedChannels: ['WALLET_B:NATIVE', 'WALLET_B:H5', 'WALLET_B:JSAPI'],
    walletBEnabled: true,
    walletBAppId: APP_ID,
    walletBMchId: MCH_ID,
    walletBApiV3Key: API_V3_KEY,
    walletBSerialNo: MERCHANT_SERIAL,
    walletBPrivateKey: MERCHANT.privatePkcs8Pem,
    walletBPublicKeyId: PLATFORM_PUBKEY.serial,
    walletBPublicKey: PLATFORM_PUBKEY.pair.publicSpkiPem,
    walletBGateway: gateway.url,
  });
  browser = await launchChromium();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
  await server?.stop();
});

const initiate = async (orderId: string, paymentChannel: string) => {
  const created = await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, {
    orderId,
    subject: 'Pro licence',
    paymentAmount: '99.00',
    paymentType: 'WALLET_B',
    paymentChannel,
    ...(paymentChannel === 'JSAPI' ? { additionalData: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' } } : {}),
  });
  expect(created.status).toBe(200);
  return created.body.data;
};

/** The page is in the language asked for, axe-clean, and no wider than the window. */
async function expectGoodPage(page: Page, locale: Locale): Promise<void> {
  expect(await page.getAttribute('html', 'lang')).toBe(locale);
  if (locale === 'en') expect(await pageTexts(page, '#language-switch')).not.toMatch(CJK);
  expect(await axeProblems(page)).toEqual([]);
  expect(await fitsWidth(page)).toBe(true);
}

const PAGES = LOCALES.flatMap((locale) => VIEWPORT_NAMES.map((viewport) => [locale, viewport] as const));

describe('NATIVE and H5', () => {
  let native: PaymentView;
  let h5: PaymentView;
  beforeAll(async () => {
    native = await initiate('page-native', 'NATIVE');
    h5 = await initiate('page-h5', 'H5');
  });

  test.each(PAGES)(
    '%s at %s size: NATIVE shows the QR code of code_url as a named image; H5 links to h5_url sending our origin',
    async (locale, viewport) => {
      const t = PAGE_MESSAGES[locale];
      const { page, errors } = await openPage(browser, { locale, viewport });
      await page.goto(native.pageUrl);
      const qr = page.locator('.qr[role="img"]');
      expect(await qr.getAttribute('aria-label')).toBe(t.qrAlt);
      expect(await qr.locator('svg').count()).toBe(1);
      expect(await page.getByText(t.qrCaption).count()).toBe(1);
      expect(await page.locator('#pay-link').count()).toBe(0);
      await expectGoodPage(page, locale);

      await page.goto(h5.pageUrl);
      const link = page.locator('#pay-link');
      expect(await link.textContent()).toBe(t.payLink);
      expect(await link.getAttribute('href')).toBe(h5.payUrl);
      expect(await link.getAttribute('referrerpolicy')).toBe('origin');
      await expectGoodPage(page, locale);
      expect(errors).toEqual([]);
      await page.context().close();
    },
    60_000,
  );
});

test('JSAPI inside WeChat invokes getBrandWCPayRequest with parameters whose paySign verifies', async () => {
  const order = await initiate('page-jsapi', 'JSAPI');
  const { page, errors } = await openPage(browser, { viewport: 'phone', userAgent: WECHAT_UA });
  // WeChat injects WeixinJSBridge and fires WeixinJSBridgeReady; the stand-in records the call and says "ok".
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    w.__invoked = [];
    setTimeout(() => {
      w.WeixinJSBridge = {
        invoke(name: string, params: unknown, callback: (res: { err_msg: string }) => void) {
          (w.__invoked as unknown[]).push({ name, params });
          callback({ err_msg: 'get_brand_wcpay_request:ok' });
        },
      };
      document.dispatchEvent(new Event('WeixinJSBridgeReady'));
    }, 50);
  });
  await page.goto(order.pageUrl);
  await page.locator('#jsapi-result[role="status"]').filter({ hasText: PAGE_MESSAGES['zh-CN'].jsapiOk }).waitFor();
  const invoked = (await page.evaluate(() => (window as unknown as { __invoked: unknown[] }).__invoked)) as Array<{
    name: string;
    params: Record<string, string>;
  }>;
  expect(invoked).toHaveLength(1);
  const { name, params } = invoked[0];
  expect(name).toBe('getBrandWCPayRequest');
  expect(params).toEqual(order.additionalData!.invokeParams);
  expect(params.package).toBe(`prepay_id=${gateway.trades.get(order.paymentId)!.prepay_id}`);
  const message = Formatter.joinedByLineFeed(params.appId, params.timeStamp, params.nonceStr, params.package);
  expect(Rsa.verify(message, params.paySign, MERCHANT.publicKey)).toBe(true);

  // The payer pays; the notification moves the order and the page's polling shows it.
  expect((await gateway.pay(order.paymentId)).status).toBe(204);
  await page.locator('#status-text').filter({ hasText: PAGE_MESSAGES['zh-CN'].status.SUCCESS }).waitFor({ timeout: 20_000 });
  expect(errors).toEqual([]);
  await page.context().close();
}, 60_000);

test.each(LOCALES)(
  'JSAPI outside WeChat says in %s to open the page in WeChat; the page is axe-clean',
  async (locale) => {
    const order = await initiate(`page-jsapi-outside-${locale}`, 'JSAPI');
    const { page, errors } = await openPage(browser, { locale, viewport: 'phone' });
    await page.goto(order.pageUrl);
    const hint = page.locator('#jsapi-outside');
    await hint.waitFor();
    expect(await hint.textContent()).toBe(PAGE_MESSAGES[locale].jsapiOutside);
    expect(await page.locator('#jsapi-pay').isDisabled()).toBe(true);
    await expectGoodPage(page, locale);
    expect(errors).toEqual([]);
    await page.context().close();
  },
  60_000,
);
