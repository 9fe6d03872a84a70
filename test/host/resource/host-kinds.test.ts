import path from 'node:path';
import { ExtensionClient } from '../../../src/host/client/extension-client.js';
import { testDefinitionsAgainstCrds } from '../../support/kind-definitions.js';
import { IdempotencyRecord } from '../../../src/host/api/operations/idempotency.js';
import { Attachment } from '../../../src/host/attachments/types.js';
import { Session } from '../../../src/host/auth/session-service.js';
import { SigningKey } from '../../../src/host/auth/signing-key.js';
import { PersonalAccessToken } from '../../../src/host/auth/tokens/pat-service.js';
import { Lease } from '../../../src/host/leader/lease-record.js';
import { Notification, NotificationTemplate, OutboxMessage } from '../../../src/host/notifications/types.js';
import { Role, RoleBinding } from '../../../src/host/rbac/types.js';
import type { AnyKindDef } from '../../../src/host/resource/kind-def.js';
import { KindRegistry } from '../../../src/host/schema/kind-registry.js';
import { JobRun } from '../../../src/host/scheduler/types.js';
import { ConfigMap, Setting } from '../../../src/host/settings/types.js';
import { SqliteStore } from '../../../src/host/store/sqlite-store.js';
import { HostUser, User } from '../../../src/host/users/types.js';

/** Every kind the host defines in code, by the part that owns it (HostUser: User as plugins may read it). */
const HOST_KINDS: AnyKindDef[] = [
  User,
  HostUser,
  Session,
  SigningKey,
  PersonalAccessToken,
  Role,
  RoleBinding,
  OutboxMessage,
  Notification,
  NotificationTemplate,
  Setting,
  ConfigMap,
  IdempotencyRecord,
  JobRun,
  Lease,
  Attachment,
];

const registry = new KindRegistry();
const crds = registry.loadDirectory(path.resolve('src/host/crds'));

testDefinitionsAgainstCrds(HOST_KINDS, registry);

test('a kind with its payload at the top level is created from its definition without a spec', async () => {
  const store = new SqliteStore(':memory:');
  try {
    const client = new ExtensionClient(registry, store);
    await store.ensureKind(client.kind(ConfigMap));
    const created = await client.create(ConfigMap, { metadata: { name: 'top-level' }, data: { group: '{}' } });
    expect(created).toMatchObject({ apiVersion: 'host.authpay.dev/v1alpha1', kind: 'ConfigMap', data: { group: '{}' } });
    expect(created).not.toHaveProperty('spec');
    expect((await client.get(ConfigMap, 'top-level')).data).toEqual({ group: '{}' });
  } finally {
    await store.close();
  }
});

test('every host CRD has a definition in code', () => {
  expect(crds.length).toBeGreaterThan(0);
  const defined = new Set(HOST_KINDS.map((def) => def.kind));
  expect(crds.map((crd) => crd.kind).filter((kind) => !defined.has(kind))).toEqual([]);
});
