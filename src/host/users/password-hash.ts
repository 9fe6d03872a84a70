import crypto from 'node:crypto';

/**
 * Password hashing with scrypt (node:crypto). The hash string carries its own parameters and salt,
 * `scrypt$ln=15,r=8,p=1$<salt>$<hash>` (base64url), so the cost can be raised later without breaking
 * existing hashes. ln=15 (N = 32768, 32 MiB per hash) keeps a log-in near 100 ms on ordinary hardware.
 */
const DEFAULT = { ln: 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
const FORMAT = /^scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9_-]{16,})\$([A-Za-z0-9_-]{40,})$/;

interface ScryptParams {
  ln: number;
  r: number;
  p: number;
}

function derive(password: string, salt: Buffer, params: ScryptParams, keyLength: number): Promise<Buffer> {
  const N = 2 ** params.ln;
  const maxmem = 128 * N * params.r * params.p + 16 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    crypto.scrypt(password.normalize('NFKC'), salt, keyLength, { N, r: params.r, p: params.p, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, params: ScryptParams = DEFAULT): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params, KEY_LENGTH);
  return `scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Checks a password in constant time; a malformed or out-of-range hash never matches. */
export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const m = stored ? FORMAT.exec(stored) : null;
  if (!m) {
    await dummyVerify(password);
    return false;
  }
  const params = { ln: Number(m[1]), r: Number(m[2]), p: Number(m[3]) };
  if (params.ln < 10 || params.ln > 20 || params.r < 1 || params.r > 32 || params.p < 1 || params.p > 16) return false;
  const expected = Buffer.from(m[5], 'base64url');
  const actual = await derive(password, Buffer.from(m[4], 'base64url'), params, expected.length);
  return crypto.timingSafeEqual(actual, expected);
}

let dummy: Promise<string> | undefined;

/** Spends the same time as a real check, so an unknown user name is not told apart by timing. */
export async function dummyVerify(password: string): Promise<void> {
  dummy ??= hashPassword('authpay-dummy-password');
  await verifyPassword(password, await dummy);
}
