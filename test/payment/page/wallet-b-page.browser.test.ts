/**
 * The payment page of WALLET_B orders in a real browser (Debian Chromium through playwright-core), against
 * the fake WeChat Pay gateway: NATIVE shows the QR code, H5 a link that sends our origin as Referer (WeChat
 * Pay's H5 cashier checks it), JSAPI inside WeChat invokes `getBrandWCPayRequest` with the signed parameters
 * (WeixinJSBridge is WeChat's own object: the test plays it), and outside WeChat says where to open the page.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { Formatter, Rsa } from 'wechatpay-axios-plugin';
import { api, configure, CONSOLE, startPaymentServer, type PaymentServer, type PaymentView } from '../support/payment-server.js';
import { FakeWechatPayGateway } from '../channels/wallet-b/fake-wechat-gateway.js';
import { API_V3_KEY, APP_ID, MCH_ID, MERCHANT, MERCHANT_SERIAL, PLATFORM_PUBKEY } from '../channels/wallet-b/test-keys.js';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
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
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
  await server?.stop();
});

const initiate = async (orderId: string, paymentChannel: string) => {
  const created = await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, {
    orderId,
    subject: '专业版授权',
    paymentAmount: '99.00',
    paymentType: 'WALLET_B',
    paymentChannel,
    ...(paymentChannel === 'JSAPI' ? { additionalData: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' } } : {}),
  });
  expect(created.status).toBe(200);
  return created.body.data;
};

async function phone(userAgent?: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  return { page, errors };
}

/** axe-core's violations of the page (evaluated through the debugging protocol, which the page's CSP does not govern). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string }> }> } }).axe.run(),
  );
  return result.violations.map((v) => v.id);
}

test('NATIVE shows the QR code of code_url; H5 links to h5_url sending our origin as Referer', async () => {
  const native = await initiate('page-native', 'NATIVE');
  const { page, errors } = await phone();
  await page.goto(native.pageUrl);
  await expect(page.locator('.qr svg').count()).resolves.toBe(1);
  expect(await page.locator('#pay-link').count()).toBe(0);

  const h5 = await initiate('page-h5', 'H5');
  await page.goto(h5.pageUrl);
  const link = page.locator('#pay-link');
  expect(await link.getAttribute('href')).toBe(h5.payUrl);
  expect(await link.getAttribute('referrerpolicy')).toBe('origin');
  expect(errors).toEqual([]);
  await page.context().close();
}, 60_000);

test('JSAPI inside WeChat invokes getBrandWCPayRequest with parameters whose paySign verifies', async () => {
  const order = await initiate('page-jsapi', 'JSAPI');
  const { page, errors } = await phone(WECHAT_UA);
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
  await page.locator('#jsapi-result').filter({ hasText: '已提交支付' }).waitFor();
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
  await page.locator('#status-text').filter({ hasText: '支付成功' }).waitFor({ timeout: 20_000 });
  expect(errors).toEqual([]);
  await page.context().close();
}, 60_000);

test('JSAPI outside WeChat says, in Chinese and English, to open the page in WeChat; the page is axe-clean', async () => {
  const order = await initiate('page-jsapi-outside', 'JSAPI');
  const { page, errors } = await phone();
  await page.goto(order.pageUrl);
  const hint = page.locator('#jsapi-outside');
  await hint.waitFor();
  expect(await hint.textContent()).toContain('请在微信中打开本页面');
  expect(await hint.locator('[lang="en"]').textContent()).toContain('Please open this page in WeChat');
  expect(await page.locator('#jsapi-pay').isDisabled()).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await page.context().close();
}, 60_000);
