import { clockAt } from '../fixed-clock.js';
import { nowSecond, nowStamp, wholeSecond } from '../../../src/plugin-auth/timestamps/whole-second.js';

describe('whole-second helpers', () => {
  test('wholeSecond drops milliseconds and nowStamp prints the stored form', () => {
    const ms = Date.parse('2026-01-02T03:04:05.678Z');
    expect(wholeSecond(ms)).toBe(Date.parse('2026-01-02T03:04:05Z'));
    expect(nowSecond(clockAt(ms))).toBe(Date.parse('2026-01-02T03:04:05Z'));
    expect(nowStamp(clockAt(ms))).toBe('2026-01-02T03:04:05Z');
  });
});
