import { describe, expect, it } from '@jest/globals';
import { sizeSuffix } from '../../../bench/lib/size-suffix.js';

describe('sizeSuffix', () => {
  it('keeps the 1M sections and puts other sizes beside them', () => {
    expect(sizeSuffix(1_000_000)).toBe('');
    expect(sizeSuffix(10_000_000)).toBe('-10m');
    expect(sizeSuffix(20_000)).toBe('-20000');
  });
});
