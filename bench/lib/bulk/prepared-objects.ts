import { ExtensionClient } from '../../../src/host/client/extension-client.js';
import type { NewResource, Resource } from '../../../src/host/resource/types.js';
import type { Store } from '../../../src/host/store/store.js';

/** Turns an object as given to create into the object the client hands to store.insert. */
export type PrepareObject = (input: NewResource | Resource) => Promise<Resource>;

/**
 * The objects a bulk load writes are made by the client's own create path (validation, apiVersion and kind,
 * uid, creationTimestamp, generation), run against a store that only keeps what it is given. So a bulk-loaded
 * row starts from exactly the object `client.create` would have stored; only the SQL that writes it differs.
 */
export function objectPreparer(client: ExtensionClient, clock?: () => number): PrepareObject {
  let captured: Resource | undefined;
  const capture = {
    insert: async (_kind: unknown, obj: Resource) => {
      captured = obj;
      return obj;
    },
  } as unknown as Store;
  const preparing = new ExtensionClient(client.registry, capture, clock ? { clock } : {});
  return async (input) => {
    await preparing.create(input);
    const obj = captured as Resource;
    captured = undefined;
    return obj;
  };
}
