import type { EpayDialect, EpayPaymentFacts } from '../epay/index.js';
import { md5Signer } from './md5-signer.js';

/** The one of qrcode / payurl / urlscheme a successful mapi.php answer carries. */
const PAYMENT_FIELDS = [
  ['qrcode', 'qrCode'],
  ['payurl', 'payUrl'],
  ['urlscheme', 'payUrl'],
] as const;

/**
 * epay V1: MD5 with the merchant key; `mapi.php` (server initiation, code 1 = success) and `submit.php`
 * (the payer's redirect); the query `api.php?act=order` authenticates with the key itself in the URL; no
 * close; answers are not signed (they travel over the gateway's HTTPS). The refund `api.php?act=refund`
 * authenticates with the key too and has neither a refund number nor a refund query.
 */
export function epayV1Dialect(pid: string, key: string): EpayDialect {
  return {
    label: 'epay V1',
    signer: md5Signer(key),
    timestamped: false,
    successCode: 1,
    signedAnswers: false,
    createPath: 'mapi.php',
    submitPath: 'submit.php',
    createExtras: {},
    queryCall: (outTradeNo) => ({
      method: 'GET',
      path: 'api.php',
      params: { act: 'order', pid, key, out_trade_no: outTradeNo },
      signed: false,
    }),
    // PHP reads `act` from the query string; the key travels in the body, like the order query's.
    refundCall: (outTradeNo, money) => ({
      method: 'POST',
      path: 'api.php?act=refund',
      params: { pid, key, out_trade_no: outTradeNo, money },
      signed: false,
    }),
    paymentOf,
  };
}

/** Exactly one of qrcode (→ QR code), payurl or urlscheme (→ link); none or several is not an answer we can show. */
function paymentOf(answer: Readonly<Record<string, unknown>>): EpayPaymentFacts | undefined {
  const present = PAYMENT_FIELDS.filter(([field]) => typeof answer[field] === 'string' && answer[field] !== '');
  if (present.length !== 1) return undefined;
  const [field, fact] = present[0];
  return { [fact]: answer[field] as string };
}
