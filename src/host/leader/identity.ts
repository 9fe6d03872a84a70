import crypto from 'node:crypto';
import os from 'node:os';

/** This process, readable in logs and records: host name, pid and a random suffix (pids repeat). */
export function processIdentity(): string {
  return `${os.hostname()}-${process.pid}-${crypto.randomBytes(3).toString('hex')}`;
}
