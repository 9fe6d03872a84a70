import fs from 'node:fs';
import path from 'node:path';
import * as yaml from 'js-yaml';
import type { ExtensionClient } from '../client/extension-client.js';
import { AppError } from '../errors/app-error.js';
import type { Logger } from '../logging/logger.js';
import type { Resource } from '../resource/types.js';
import { CONFIG_MAP_ANNOTATION, ConfigMap, PLUGIN_LABEL, Setting } from './types.js';

export interface SettingResourcesOptions {
  pluginName: string;
  /** plugin.yaml spec.settingName / configMapName: that Setting's values live in that ConfigMap. */
  settingName?: string;
  configMapName?: string;
  logger?: Logger;
  /** Told about every object written, so a settings cache serves it before its watch event arrives. */
  cache?: { remember(obj: Resource): void };
}

export interface AppliedSettingResources {
  settings: string[];
  configMaps: string[];
}

/**
 * Applies the Setting and ConfigMap documents found in a plugin's extensions/ directory when it loads.
 * A Setting is created or replaced (the plugin owns its form); a shipped ConfigMap is created when absent
 * and otherwise only gains groups it lacks, so values an administrator saved survive upgrades.
 */
export async function applySettingResources(
  client: ExtensionClient,
  dir: string,
  options: SettingResourcesOptions,
): Promise<AppliedSettingResources> {
  const applied: AppliedSettingResources = { settings: [], configMaps: [] };
  for (const doc of readSettingDocuments(dir)) {
    const labeled = withPluginLabel(doc, options.pluginName);
    if (doc.kind === Setting.kind) {
      const written = await retryOnRace(() => applySetting(client, bindConfigMap(labeled as Setting, options)));
      options.cache?.remember(written);
      applied.settings.push(doc.metadata.name);
    } else {
      const written = await retryOnRace(() => applyConfigMap(client, labeled as ConfigMap));
      options.cache?.remember(written);
      applied.configMaps.push(doc.metadata.name);
    }
  }
  options.logger?.debug({ plugin: options.pluginName, ...applied }, 'plugin settings resources applied');
  return applied;
}

/** Setting and ConfigMap documents of every *.yaml / *.yml file in dir (non-recursive, in name order). */
export function readSettingDocuments(dir: string): Resource[] {
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort();
  const docs = files.flatMap((f) => yaml.loadAll(fs.readFileSync(path.join(dir, f), 'utf8')) as Resource[]);
  return docs.filter((d) => d && (d.kind === Setting.kind || d.kind === ConfigMap.kind) && typeof d.metadata?.name === 'string');
}

/** Replicas starting together race to create the same objects; the loser reads again and re-applies. */
async function retryOnRace<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const raced = err instanceof AppError && (err.code === 'ALREADY_EXISTS' || err.code === 'CONFLICT');
      if (!raced || attempt >= attempts) throw err;
    }
  }
}

function withPluginLabel(doc: Resource, pluginName: string): Resource {
  const { resourceVersion: _rv, uid: _uid, ...metadata } = doc.metadata;
  return { ...doc, apiVersion: '', metadata: { ...metadata, labels: { ...(metadata.labels ?? {}), [PLUGIN_LABEL]: pluginName } } };
}

function bindConfigMap(setting: Setting, options: SettingResourcesOptions): Setting {
  if (!options.configMapName || setting.metadata.name !== options.settingName) return setting;
  if (setting.metadata.annotations?.[CONFIG_MAP_ANNOTATION]) return setting;
  return {
    ...setting,
    metadata: {
      ...setting.metadata,
      annotations: { ...(setting.metadata.annotations ?? {}), [CONFIG_MAP_ANNOTATION]: options.configMapName },
    },
  };
}

async function applySetting(client: ExtensionClient, desired: Setting): Promise<Setting> {
  const info = client.kind(Setting);
  const current = await client.fetch(Setting, desired.metadata.name);
  if (!current) return client.create<Setting>({ ...desired, apiVersion: info.apiVersion });
  const metadata = {
    ...current.metadata,
    labels: { ...(current.metadata.labels ?? {}), ...(desired.metadata.labels ?? {}) },
    annotations: { ...(current.metadata.annotations ?? {}), ...(desired.metadata.annotations ?? {}) },
  };
  return client.update({ ...current, metadata, spec: desired.spec }); // the client writes nothing when equal
}

async function applyConfigMap(client: ExtensionClient, desired: ConfigMap): Promise<ConfigMap> {
  const info = client.kind(ConfigMap);
  const current = await client.fetch(ConfigMap, desired.metadata.name);
  if (!current) return client.create<ConfigMap>({ ...desired, apiVersion: info.apiVersion });
  const data = { ...(desired.data ?? {}), ...(current.data ?? {}) };
  return client.update({ ...current, data });
}
