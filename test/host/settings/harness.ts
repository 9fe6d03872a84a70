import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import { KindRegistry } from '../../../src/host/schema/kind-registry.js';
import { SqliteStore } from '../../../src/host/store/sqlite-store.js';
import { ExtensionClient } from '../../../src/host/client/extension-client.js';

export const HOST_CRDS = path.resolve('src/host/crds');

/** A client on a fresh SQLite file with the host's kinds registered. */
export async function sqliteClient(): Promise<{ client: ExtensionClient; dir: string; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-settings-'));
  const registry = new KindRegistry();
  registry.loadDirectory(HOST_CRDS);
  const store = new SqliteStore(path.join(dir, 'a.db'));
  for (const kind of registry.kinds()) await store.ensureKind(kind);
  const client = new ExtensionClient(registry, store);
  return {
    client,
    dir,
    close: async () => {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A logger whose every line is kept, to prove what was (not) logged. */
export function capturingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  return { logger: pino({ level: 'debug' }, sink), lines };
}

export const SETTING_YAML = `
apiVersion: host.authpay.dev/v1alpha1
kind: Setting
metadata:
  name: demo-settings
spec:
  forms:
    - group: basic
      label: Basic
      formSchema:
        - { $formkit: text, name: siteName, label: Site name, value: Demo, validation: "required|length:1,20" }
        - { $formkit: email, name: contact, label: Contact, validation: email }
        - { $formkit: number, name: limit, label: Limit, value: 5, number: integer, validation: "min:-1|max:1000" }
        - { $formkit: checkbox, name: exempt, label: Exempt, value: true }
        - { $formkit: select, name: mode, label: Mode, value: fast, options: [{ label: Fast, value: fast }, { label: Safe, value: safe }] }
    - group: security
      label: Security
      formSchema:
        - { $formkit: password, name: apiAccessSecret, label: API secret }
        - { $formkit: text, name: signingKey, label: Signing key, secret: true, value: "" }
        - { $formkit: text, name: cron, label: Schedule, value: "0 * * * *" }
---
apiVersion: v1alpha1
kind: ConfigMap
metadata:
  name: demo-configmap
data:
  basic: '{"siteName":"Shipped"}'
`;

/** An extensions/ directory holding the demo Setting (bound to demo-configmap) and its shipped ConfigMap. */
export function writeExtensions(dir: string): string {
  const ext = path.join(dir, 'extensions');
  fs.mkdirSync(ext, { recursive: true });
  fs.writeFileSync(path.join(ext, 'settings.yaml'), SETTING_YAML);
  fs.writeFileSync(path.join(ext, 'other.yaml'), 'apiVersion: v1\nkind: Something\nmetadata: { name: ignored }\n');
  return ext;
}
