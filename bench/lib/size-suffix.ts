/**
 * The suffix of a bench's docs/benchmarks.md section for n records: none at 1M (the sections that exist),
 * `-10m` at 10M and so on, so figures at another size sit beside the 1M ones instead of replacing them.
 */
export function sizeSuffix(n: number): string {
  if (n === 1_000_000) return '';
  return n % 1_000_000 === 0 ? `-${n / 1_000_000}m` : `-${n}`;
}
