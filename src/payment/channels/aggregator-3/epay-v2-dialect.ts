import type { EpayDialect, EpayPaymentFacts } from '../epay/index.js';
import type { EpayV2Options } from './options.js';
import { rsaSigner } from './rsa-signer.js';

/**
 * epay V2 ("api/pay"): RSA-SHA256 with a Unix `timestamp` signed into every request, answer and
 * notification (±300 s); `api/pay/create` (server initiation, `method=web`, code 0 = success) answers
 * `pay_type` + `pay_info`; `api/pay/submit` is the payer's redirect; `api/pay/query` and `api/pay/close` by
 * out_trade_no; `api/pay/refund` (out_refund_no = our refund number) and `api/pay/refundquery`. Successful
 * answers are signed by the platform.
 */
export function epayV2Dialect(options: Pick<EpayV2Options, 'merchantPrivateKey' | 'platformPublicKey'>): EpayDialect {
  const signed = (path: string, outTradeNo: string) => ({
    method: 'POST' as const,
    path,
    params: { out_trade_no: outTradeNo },
    signed: true,
  });
  return {
    label: 'epay V2',
    signer: rsaSigner(options.merchantPrivateKey, options.platformPublicKey),
    timestamped: true,
    successCode: 0,
    signedAnswers: true,
    createPath: 'api/pay/create',
    submitPath: 'api/pay/submit',
    createExtras: { method: 'web' },
    queryCall: (outTradeNo) => signed('api/pay/query', outTradeNo),
    closeCall: (outTradeNo) => signed('api/pay/close', outTradeNo),
    refundCall: (outTradeNo, money, refundNo) => ({
      method: 'POST',
      path: 'api/pay/refund',
      params: { out_trade_no: outTradeNo, money, out_refund_no: refundNo },
      signed: true,
    }),
    refundQueryCall: (refundNo) => ({ method: 'POST', path: 'api/pay/refundquery', params: { out_refund_no: refundNo }, signed: true }),
    paymentOf,
  };
}

/** pay_type jump / urlscheme → a link, qrcode → a QR code; html forms, JSAPI and app payloads are not shown by us. */
function paymentOf(answer: Readonly<Record<string, unknown>>): EpayPaymentFacts | undefined {
  const info = answer.pay_info;
  if (typeof info !== 'string' || info === '') return undefined;
  switch (answer.pay_type) {
    case 'qrcode':
      return { qrCode: info };
    case 'jump':
    case 'urlscheme':
      return { payUrl: info };
    default:
      return undefined;
  }
}
