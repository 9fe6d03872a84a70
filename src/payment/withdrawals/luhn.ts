/**
 * The Luhn check digit of card numbers: from the right, every second digit is doubled (minus 9 above 9) and
 * the sum must end in 0. Catches every single-digit typo and most swaps of neighbouring digits.
 */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card number as typed ("6222 0212 3456 7890 123" or with dashes) reduced to its digits. */
export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** Shows the last four characters only: "**** **** **** 1234", "****5678" for wallets. */
export function maskAccountNumber(number: string): string {
  const tail = number.slice(-4);
  return number.length <= 4 ? '*'.repeat(number.length) : `****${tail}`;
}
