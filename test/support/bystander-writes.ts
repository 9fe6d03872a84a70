import type { ExtensionClient } from '../../src/host/client/extension-client.js';

/**
 * Another caller's small writes (ConfigMaps), one after another with a turn of the event loop between them (as
 * between requests: store calls alone are microtasks), until `running()` turns false. Returns each write's
 * revision, so a test can tell which commits landed in the middle of a long job by order, not by time.
 */
export async function writeWhile(client: ExtensionClient, running: () => boolean, prefix: string): Promise<number[]> {
  const revisions: number[] = [];
  for (let i = 0; running(); i++) {
    await new Promise((r) => setImmediate(r));
    const written = await client.create({
      apiVersion: 'host.authpay.dev/v1alpha1',
      kind: 'ConfigMap',
      metadata: { name: `${prefix}-${i}` },
      data: {},
    });
    revisions.push(Number(written.metadata.resourceVersion));
  }
  return revisions;
}

/** How many of `revisions` lie strictly between the lowest and the highest of `job`'s. */
export function landedInside(revisions: number[], job: number[]): number {
  const [first, last] = [Math.min(...job), Math.max(...job)];
  return revisions.filter((rv) => rv > first && rv < last).length;
}
