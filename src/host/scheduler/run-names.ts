import crypto from 'node:crypto';

/**
 * The JobRun name for one job and slot: readable, DNS-safe and the same in every process, so creating it
 * is the claim on the slot (a second process gets ALREADY_EXISTS). A short hash of the exact job name
 * keeps two jobs apart whose names differ only in characters the DNS form drops.
 */
export function jobRunName(job: string, slotMs: number): string {
  const readable =
    job
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 180) || 'job';
  const hash = crypto.createHash('sha256').update(job).digest('hex').slice(0, 8);
  const stamp = new Date(slotMs)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'z')
    .replace(/[-:]/g, '')
    .toLowerCase();
  return `${readable}-${hash}-${stamp}`;
}
