import { ConfiguredSecret } from '../../../src/plugin-auth/public/secret-compare.js';

test('the Authorization header carries the secret bare or after Bearer (any case, any white space), nothing else', () => {
  const secret = new ConfiguredSecret();
  const accepted = ['s3cret-value', ' s3cret-value ', 'Bearer s3cret-value', 'bearer  s3cret-value ', 'BEARER\ts3cret-value'];
  const refused = [undefined, '', 'wrong', 'Bearer wrong', 's3cret-valu', 'Bearers3cret-value', 'Basic s3cret-value', 'Bearer'];
  for (const header of accepted) expect([header, secret.carriedBy(header, 's3cret-value')]).toEqual([header, true]);
  for (const header of refused) expect([header, secret.carriedBy(header, 's3cret-value')]).toEqual([header, false]);
});

test('a changed secret applies at the next check: the old one is refused, the new one accepted', () => {
  const secret = new ConfiguredSecret();
  expect(secret.carriedBy('first-secret', 'first-secret')).toBe(true);
  expect(secret.carriedBy('first-secret', 'second-secret')).toBe(false);
  expect(secret.carriedBy('Bearer second-secret', 'second-secret')).toBe(true);
  expect(secret.carriedBy('second-secret', 'first-secret')).toBe(false);
  expect(secret.matches('first-secret', 'first-secret')).toBe(true);
});

test('a secret that itself starts with "Bearer " still matches when sent bare, and after another Bearer', () => {
  const secret = new ConfiguredSecret();
  expect(secret.carriedBy('Bearer inner', 'Bearer inner')).toBe(true);
  expect(secret.carriedBy('Bearer Bearer inner', 'Bearer inner')).toBe(true);
  expect(secret.carriedBy('Bearer inner', 'bearer inner')).toBe(false);
  expect(secret.carriedBy('inner', 'Bearer inner')).toBe(false);
});

test('a query value matches only as a string equal to the secret', () => {
  const secret = new ConfiguredSecret();
  expect(secret.matches('dock-secret', 'dock-secret')).toBe(true);
  for (const presented of [undefined, ['dock-secret'], { a: 'dock-secret' }, 'dock-secre', ''])
    expect(secret.matches(presented, 'dock-secret')).toBe(false);
});
