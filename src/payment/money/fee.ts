import { InvalidAmountError } from './money-error.js';

/** 10,000 basis points = 100 %. */
export const BASIS_POINTS_PER_UNIT = 10_000;

/**
 * numerator / denominator rounded half up (away from zero for halves), in exact integer arithmetic.
 * Both must be non-negative; the denominator positive.
 */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (numerator < 0n || denominator <= 0n) throw new RangeError('divideRoundHalfUp needs numerator >= 0 and denominator > 0');
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/**
 * Fee for `totalMinor` at `rateBasisPoints` (60 = 0.60 %), rounded half up to a whole minor unit:
 * 1 fen at 5000 bp (50 %) is 1 fen; 199 fen at 60 bp is 1.194 → 1 fen; 250 fen at 60 bp is 1.5 → 2 fen.
 */
export function feeFromBasisPoints(totalMinor: number, rateBasisPoints: number): number {
  if (!Number.isSafeInteger(totalMinor) || totalMinor < 0) {
    throw new InvalidAmountError('NOT_AN_INTEGER', 'total must be a non-negative integer of minor units', 'totalMinor');
  }
  if (!Number.isInteger(rateBasisPoints) || rateBasisPoints < 0 || rateBasisPoints > BASIS_POINTS_PER_UNIT) {
    throw new InvalidAmountError('NOT_AN_INTEGER', 'rate must be an integer number of basis points in 0..10000', 'rateBasisPoints');
  }
  const fee = divideRoundHalfUp(BigInt(totalMinor) * BigInt(rateBasisPoints), BigInt(BASIS_POINTS_PER_UNIT));
  return Number(fee);
}
