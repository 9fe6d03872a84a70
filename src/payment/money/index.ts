export { CURRENCY_EXPONENTS, currencyExponent, normalizeCurrency } from './currencies.js';
export { InvalidAmountError, type AmountProblem } from './money-error.js';
export {
  parseAmount,
  expandExponent,
  DEFAULT_MAX_MAJOR_UNITS,
  type Money,
  type AmountLimits,
  type ParseAmountOptions,
} from './parse-amount.js';
export { formatMinor, minorMoneyText } from './format-amount.js';
export { feeFromBasisPoints, divideRoundHalfUp, BASIS_POINTS_PER_UNIT } from './fee.js';
