import { randomString } from '../../../src/plugin-auth/codes/random-string.js';

/** A byte source that plays back a fixed sequence, then repeats its last byte. */
function playback(bytes: number[]) {
  let i = 0;
  return (size: number) => Uint8Array.from({ length: size }, () => bytes[Math.min(i++, bytes.length - 1)]);
}

describe('randomString', () => {
  test('maps accepted bytes onto the alphabet', () => {
    expect(randomString('ABC', 4, playback([0, 1, 2, 3]))).toBe('ABCA');
  });

  test('discards bytes that would bias the draw', () => {
    // 256 % 3 = 1, so byte 255 is rejected and the next byte is used instead.
    expect(randomString('ABC', 2, playback([255, 255, 1, 2]))).toBe('BC');
  });

  test('asks for more bytes until the string is complete', () => {
    const seen: number[] = [];
    const source = (size: number) => {
      seen.push(size);
      return new Uint8Array(size).fill(seen.length === 1 ? 255 : 0);
    };
    expect(randomString('ABC', 3, source)).toBe('AAA');
    expect(seen.length).toBe(2);
  });

  test('uses crypto randomness by default and only alphabet symbols', () => {
    const text = randomString('XY', 64);
    expect(text).toMatch(/^[XY]{64}$/);
  });

  test('refuses alphabets it cannot draw from uniformly', () => {
    expect(() => randomString('A', 3)).toThrow(RangeError);
    expect(() => randomString('A'.repeat(257), 3)).toThrow(RangeError);
  });
});
