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

/** An amount or currency the service refuses (HTTP 400, code INVALID_AMOUNT or UNKNOWN_CURRENCY). */
export class InvalidAmountError extends AppError {
  readonly problem: AmountProblem;

  constructor(problem: AmountProblem, message: string, field = 'paymentAmount') {
    const code = problem === 'UNKNOWN_CURRENCY' ? 'UNKNOWN_CURRENCY' : 'INVALID_AMOUNT';
    super(code, message, { status: 400, details: [{ field, message, reason: problem }] });
    this.name = 'InvalidAmountError';
    this.problem = problem;
  }
}
