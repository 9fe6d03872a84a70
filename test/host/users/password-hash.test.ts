import { hashPassword, verifyPassword } from '../../../src/host/users/password-hash.js';

test('hashes carry their parameters and a per-user salt; only the right password verifies', async () => {
  const a = await hashPassword('correct horse');
  const b = await hashPassword('correct horse');
  expect(a).toMatch(/^scrypt\$ln=15,r=8,p=1\$/);
  expect(a).not.toBe(b);
  expect(await verifyPassword('correct horse', a)).toBe(true);
  expect(await verifyPassword('correct horsf', a)).toBe(false);
});

test('hashes made with other parameters still verify; malformed or absurd ones never do', async () => {
  const cheap = await hashPassword('pw-123456', { ln: 10, r: 8, p: 1 });
  expect(await verifyPassword('pw-123456', cheap)).toBe(true);
  expect(await verifyPassword('pw-123456', undefined)).toBe(false);
  expect(await verifyPassword('pw-123456', 'plain-text')).toBe(false);
  expect(await verifyPassword('pw-123456', cheap.replace('ln=10', 'ln=40'))).toBe(false);
});
