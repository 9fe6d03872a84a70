import { BoundedCache } from '../../../src/host/cache/bounded-cache.js';

test('never holds more than its capacity, whatever is inserted', () => {
  const cache = new BoundedCache<number, number>(10);
  for (let i = 0; i < 1000; i++) {
    cache.set(i, i);
    expect(cache.size).toBeLessThanOrEqual(10);
  }
  expect(cache.get(999)).toBe(999);
  expect(cache.get(0)).toBeUndefined();
});

test('an entry used again keeps its place while unused ones are dropped', () => {
  const cache = new BoundedCache<string, number>(4);
  cache.set('hot', 1);
  for (let i = 0; i < 100; i++) {
    cache.set(`cold-${i}`, i);
    expect(cache.get('hot')).toBe(1);
  }
  expect(cache.get('cold-0')).toBeUndefined();
});

test('set replaces, delete and clear remove', () => {
  const cache = new BoundedCache<string, number>(4);
  cache.set('a', 1);
  cache.set('b', 2);
  cache.set('c', 3); // 'a' and 'b' are in the old generation now
  cache.set('a', 10);
  expect(cache.get('a')).toBe(10);
  expect(cache.size).toBe(3);
  cache.delete('b');
  expect(cache.get('b')).toBeUndefined();
  cache.clear();
  expect([cache.size, cache.get('a')]).toEqual([0, undefined]);
});
