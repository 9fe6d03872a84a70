import fs from 'node:fs';
import * as yaml from 'js-yaml';
import type { ExtensionClient } from '../client/extension-client.js';
import { AppError } from '../errors/app-error.js';
import { Role } from './types.js';

/** Reads the Role documents of a multi-document YAML file (other kinds are skipped). */
export function readRoleFile(file: string): Role[] {
  if (!fs.existsSync(file)) return [];
  const docs = yaml.loadAll(fs.readFileSync(file, 'utf8')) as Role[];
  return docs.filter((d) => d && d.kind === Role.kind);
}

const managedPart = (r: Role) =>
  JSON.stringify({ rules: r.rules ?? [], labels: r.metadata.labels ?? {}, annotations: r.metadata.annotations ?? {} });

/**
 * Creates each role, or brings its rules, labels and annotations up to date when the shipped definition
 * changed. Another replica doing the same at the same moment is harmless (exists/conflict are ignored:
 * that replica wrote the same content).
 */
export async function applyRoles(client: ExtensionClient, roles: Role[]): Promise<void> {
  for (const role of roles) {
    try {
      const current = await client.fetch(Role, role.metadata.name);
      if (!current) {
        await client.create({ ...role, metadata: { ...role.metadata } });
      } else if (managedPart(current) !== managedPart(role)) {
        await client.update({
          ...current,
          rules: role.rules,
          metadata: { ...current.metadata, labels: role.metadata.labels, annotations: role.metadata.annotations },
        });
      }
    } catch (err) {
      if (!(err instanceof AppError) || !['ALREADY_EXISTS', 'CONFLICT'].includes(String(err.code))) throw err;
    }
  }
}
