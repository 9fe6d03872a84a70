/**
 * What differs between the epay versions, supplied by each service folder (aggregator-1: V1 MD5,
 * aggregator-3: V2 RSA). Everything else — parameters, signing string, answers, notifications, status
 * mapping — is the same protocol and lives in this folder.
 */

/** Signs and checks the signing string (epaySigningContent) with the service's key material. */
export interface EpaySigner {
  /** The `sign_type` value this signer sends and accepts (`MD5`, `RSA`). */
  readonly signType: string;
  sign(content: string): string;
  /** Constant time where a secret is compared (MD5); malformed signatures simply do not verify. */
  verify(content: string, signature: string): boolean;
}

/** One call to the gateway. */
export interface EpayCall {
  method: 'GET' | 'POST';
  /** Relative to the gateway base: `mapi.php`, `api.php`, `api/pay/query`, … */
  path: string;
  params: Record<string, string>;
  /** Whether pid, the timestamp (V2) and the signature are to be added before sending. */
  signed: boolean;
}

/** Where the payer goes, read from a successful initiation answer. */
export interface EpayPaymentFacts {
  qrCode?: string;
  payUrl?: string;
}

export interface EpayDialect {
  /** For messages and logs: `epay V1`, `epay V2`. */
  readonly label: string;
  readonly signer: EpaySigner;
  /** V2 signs a Unix `timestamp` into every request, answer and notification, and refuses stale ones. */
  readonly timestamped: boolean;
  /** The `code` of a successful JSON answer (V1: 1, V2: 0). */
  readonly successCode: number;
  /** Whether successful answers are signed by the platform and must verify (V2). */
  readonly signedAnswers: boolean;
  /** Server initiation endpoint (`mapi.php`, `api/pay/create`). */
  readonly createPath: string;
  /** The payer's signed redirect (`submit.php`, `api/pay/submit`). */
  readonly submitPath: string;
  /** Parameters only server initiation sends in this version (V2: `method=web`). */
  readonly createExtras: Readonly<Record<string, string>>;
  /** The query by out_trade_no (V1: GET api.php?act=order with the key; V2: signed POST api/pay/query). */
  queryCall(outTradeNo: string): EpayCall;
  /** The close by out_trade_no, where the version has one (V2: api/pay/close; V1 has none). */
  closeCall?(outTradeNo: string): EpayCall;
  /**
   * The refund of `money` (yuan string) of a trade (V1: POST api.php?act=refund with the key, no refund number;
   * V2: signed POST api/pay/refund with our refund number as out_refund_no).
   */
  refundCall(outTradeNo: string, money: string, refundNo: string): EpayCall;
  /** The refund query by our refund number, where the version has one (V2: api/pay/refundquery; V1 has none). */
  refundQueryCall?(refundNo: string): EpayCall;
  /** The QR code or link of a successful initiation answer; undefined when it carries none usable. */
  paymentOf(answer: Readonly<Record<string, unknown>>): EpayPaymentFacts | undefined;
}
