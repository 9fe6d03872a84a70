import { SecretDigest, safeEqual } from '../../../src/host/security/safe-equal.js';

test('safeEqual: equal strings only, whatever their lengths or characters', () => {
  expect(safeEqual('s3cret', 's3cret')).toBe(true);
  expect(safeEqual('s3cret', 's3cre')).toBe(false);
  expect(safeEqual('s3cret', 's3cret ')).toBe(false);
  expect(safeEqual('', '')).toBe(true);
  expect(safeEqual('', 'x')).toBe(false);
  expect(safeEqual('密钥-é', '密钥-é')).toBe(true);
  expect(safeEqual('密钥-é', '密钥-e')).toBe(false);
});

test('SecretDigest keeps the configured secret hashed and answers as safeEqual does for every presented value', () => {
  const digest = new SecretDigest('bench-api-access-secret');
  for (const presented of ['bench-api-access-secret', 'bench-api-access-secre', 'Bench-api-access-secret', '', 'x'.repeat(10_000)])
    expect(digest.matches(presented)).toBe(safeEqual(presented, 'bench-api-access-secret'));
  expect(new SecretDigest('密钥').matches('密钥')).toBe(true);
});
