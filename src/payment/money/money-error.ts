import { AppError } from '../../host/sdk/index.js';

/** Why an amount was refused; also the `reason` of the error detail, so clients can branch on it. */
export type AmountProblem =
  | 'NOT_A_NUMBER'
  | 'MALFORMED'
  | 'NOT_FINITE'
  | 'NOT_POSITIVE'
  | 'TOO_MANY_DECIMALS'
  | 'BELOW_MINIMUM'
  | 'ABOVE_MAXIMUM'
  | 'UNKNOWN_CURRENCY'
  | 'NOT_AN_INTEGER';

/** How people call the amount fields in Chinese; other fields keep their name. */
const FIELD_ZH: Record<string, string> = {
  paymentAmount: '支付金额',
  amount: '金额',
  refundAmount: '退款金额',
  currency: '币种',
  amountMinor: '金额',
  totalMinor: '总金额',
  rateBasisPoints: '费率',
};

/** The zh-CN sentence of each problem, naming the field (callers give a more precise one where they know more). */
const PROBLEM_ZH: Record<AmountProblem, (field: string) => string> = {
  NOT_A_NUMBER: (f) => `${f}须为数字或十进制文本`,
  MALFORMED: (f) => `${f}须为大于 0 的十进制金额，如 12.30`,
  NOT_FINITE: (f) => `${f}须为有限的数字`,
  NOT_POSITIVE: (f) => `${f}须大于 0`,
  TOO_MANY_DECIMALS: (f) => `${f}的小数位数过多`,
  BELOW_MINIMUM: (f) => `${f}低于允许的最小金额`,
  ABOVE_MAXIMUM: (f) => `${f}超过允许的最大金额`,
  UNKNOWN_CURRENCY: () => '不支持的币种',
  NOT_AN_INTEGER: (f) => `${f}须为整数`,
};

/** An amount or currency the service refuses (HTTP 400, code INVALID_AMOUNT or UNKNOWN_CURRENCY), in zh-CN and English. */
export class InvalidAmountError extends AppError {
  readonly problem: AmountProblem;

  constructor(problem: AmountProblem, messageEn: string, field = 'paymentAmount', messageZh?: string) {
    const code = problem === 'UNKNOWN_CURRENCY' ? 'UNKNOWN_CURRENCY' : 'INVALID_AMOUNT';
    const zh = messageZh ?? PROBLEM_ZH[problem](FIELD_ZH[field] ?? `${field} `);
    super(code, zh, { status: 400, messageEn, details: [{ field, message: zh, messageEn, reason: problem }] });
    this.name = 'InvalidAmountError';
    this.problem = problem;
  }
}
