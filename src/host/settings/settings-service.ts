import type { ExtensionClient } from '../client/extension-client.js';
import { Informer } from '../controller/informer.js';
import { AlreadyExistsError, ConflictError, NotFoundError, ValidationError } from '../errors/app-error.js';
import type { Logger } from '../logging/logger.js';
import type { Resource } from '../resource/types.js';
import { applyGroupPatch } from './apply-group-patch.js';
import {
  SettingCompiler,
  checkGroupRules,
  configMapNameOf,
  validateGroup,
  type CompiledSetting,
  type GroupRule,
} from './compiled-setting.js';
import { changedGroups, effectiveGroup, parseConfigMap, type ParsedConfigMap } from './config-map-values.js';
import { maskForms, maskValues } from './secrets.js';
import { ConfigMap, Setting, type SettingValues, type SettingsChangeListener, type SettingsReader, type SettingsView } from './types.js';

/** Partial write: group → (field → value | null) | null. */
export type SettingsPatch = Record<string, Record<string, unknown> | null>;

/** The settings surface plugins get: typed reads, validated partial writes, the masked console view. */
export interface PluginSettings extends SettingsReader {
  update(settingName: string, patch: SettingsPatch): Promise<SettingValues>;
  view(settingName: string): Promise<SettingsView>;
  /** Compiled form of a setting (groups, fields, secrets); for helpers that expose their own operations. */
  compiled(settingName: string): Promise<CompiledSetting>;
  /**
   * Adds a rule across the fields of one group, run on every write of that group (whichever operation
   * writes it) after the form's own validation; a refusal writes nothing. Returns a function that removes it.
   */
  addGroupRule(settingName: string, group: string, rule: GroupRule): () => void;
}

const WRITE_ATTEMPTS = 5;

/**
 * Settings over Setting (form) and ConfigMap (values) resources. Both kinds are cached by informers that
 * follow client watches, so every process sees a write (its own or another replica's) without a restart;
 * a process's own write is applied to its cache at once. Values never reach the logs.
 */
export class SettingsService implements PluginSettings {
  private readonly compiler = new SettingCompiler();
  private readonly compiledByName = new Map<string, CompiledSetting>();
  private readonly effectiveByCompiled = new WeakMap<CompiledSetting, { parsed: ParsedConfigMap | undefined; values: SettingValues }>();
  private readonly listeners = new Set<SettingsChangeListener>();
  private readonly groupRules = new Map<string, GroupRule[]>();
  private readonly settingsInformer: Informer<Setting, Setting>;
  private readonly configMapInformer: Informer<ConfigMap, ParsedConfigMap>;
  private started?: Promise<void>;

  constructor(
    private readonly client: ExtensionClient,
    private readonly logger: Logger,
  ) {
    this.settingsInformer = new Informer<Setting, Setting>({
      client,
      kind: Setting,
      project: (s) => s,
      logger,
      handlers: {
        onAdd: (name, s) => this.onSettingChanged(name, s),
        onUpdate: (name, s) => this.onSettingChanged(name, s),
        onDelete: (name) => this.compiledByName.delete(name),
      },
    });
    this.configMapInformer = new Informer<ConfigMap, ParsedConfigMap>({
      client,
      kind: ConfigMap,
      project: (cm) =>
        parseConfigMap(cm, (group) =>
          logger.warn({ configMap: cm.metadata.name, group }, 'ConfigMap group is not a JSON object; using defaults'),
        ),
      logger,
      handlers: {
        onAdd: (name, now) => this.onValuesChanged(name, undefined, now),
        onUpdate: (name, now, before) => this.onValuesChanged(name, before, now),
        onDelete: (name, before) => this.onValuesChanged(name, before, undefined),
      },
    });
  }

  /** Loads both caches and starts following changes (idempotent). */
  start(): Promise<void> {
    this.started ??= Promise.all([this.settingsInformer.start(), this.configMapInformer.start()]).then(() => undefined);
    return this.started;
  }

  stop(): void {
    this.settingsInformer.stop();
    this.configMapInformer.stop();
    this.started = undefined;
  }

  /** Takes a Setting or ConfigMap this process just wrote into the caches (read-your-writes). */
  remember(obj: Resource): void {
    if (obj.kind === Setting.kind) this.settingsInformer.upsert(obj as Setting);
    else if (obj.kind === ConfigMap.kind) this.configMapInformer.upsert(obj as ConfigMap);
  }

  onChange(listener: SettingsChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async get<T = SettingValues>(settingName: string, group?: string): Promise<T> {
    const compiled = await this.compiled(settingName);
    const all = this.effectiveValues(compiled);
    if (group === undefined) return all as T;
    if (!compiled.groups.has(group)) throw new NotFoundError(`setting group of ${settingName}`, group);
    return all[group] as T;
  }

  /**
   * The effective values of every group, computed once per version of the Setting and of its ConfigMap:
   * services read their settings several times per request, and building them (defaults cloned, stored
   * values overlaid) was a tenth of a payment's CPU (bench:payment-profile). Frozen, because every caller
   * shares the one object: a caller that needs to change a value copies it first.
   */
  private effectiveValues(compiled: CompiledSetting): Readonly<SettingValues> {
    const parsed = this.configMapInformer.get(compiled.configMapName);
    const cached = this.effectiveByCompiled.get(compiled);
    if (cached && cached.parsed === parsed) return cached.values;
    const values: SettingValues = {};
    for (const [name, g] of compiled.groups) values[name] = effectiveGroup(g, parsed?.groups[name]);
    deepFreeze(values);
    this.effectiveByCompiled.set(compiled, { parsed, values });
    return values;
  }

  async view(settingName: string): Promise<SettingsView> {
    const compiled = await this.compiled(settingName);
    const { values, secrets } = maskValues(compiled, await this.get<SettingValues>(settingName));
    return { name: settingName, configMapName: compiled.configMapName, forms: maskForms(compiled), values, secrets };
  }

  addGroupRule(settingName: string, group: string, rule: GroupRule): () => void {
    const key = `${settingName}/${group}`;
    this.groupRules.set(key, [...(this.groupRules.get(key) ?? []), rule]);
    return () =>
      this.groupRules.set(
        key,
        (this.groupRules.get(key) ?? []).filter((r) => r !== rule),
      );
  }

  /** Validates and writes a partial change; returns the new effective values (secrets in clear). */
  async update(settingName: string, patch: SettingsPatch): Promise<SettingValues> {
    const compiled = await this.compiled(settingName);
    for (const group of Object.keys(patch)) {
      if (!compiled.groups.has(group))
        throw new ValidationError(
          `未知的设置分组：${group}`,
          [{ field: group, message: `未知的设置分组 ${group}`, messageEn: 'unknown settings group' }],
          `unknown settings group: ${group}`,
        );
    }
    for (let attempt = 1; ; attempt++) {
      try {
        const written = await this.writeOnce(compiled, patch);
        this.configMapInformer.upsert(written);
        this.logger.info({ setting: settingName, groups: Object.keys(patch) }, 'settings updated');
        return this.get<SettingValues>(settingName);
      } catch (err) {
        const raced = err instanceof ConflictError || err instanceof AlreadyExistsError;
        if (!raced || attempt >= WRITE_ATTEMPTS) throw err;
      }
    }
  }

  private async writeOnce(compiled: CompiledSetting, patch: SettingsPatch): Promise<ConfigMap> {
    const current = await this.client.fetch(ConfigMap, compiled.configMapName);
    const stored = current ? parseConfigMap(current).groups : {};
    const data = { ...(current?.data ?? {}) };
    for (const [group, groupPatch] of Object.entries(patch)) {
      const g = compiled.groups.get(group)!;
      const next = applyGroupPatch(group, g, effectiveGroup(g, stored[group]), groupPatch);
      validateGroup(group, g, next);
      checkGroupRules(group, g, next, this.groupRules.get(`${compiled.name}/${group}`) ?? []);
      data[group] = JSON.stringify(next);
    }
    if (current) return this.client.update({ ...current, data });
    const setting = this.settingsInformer.get(compiled.name);
    const labels = setting?.metadata.labels;
    return this.client.create(ConfigMap, {
      metadata: { name: compiled.configMapName, ...(labels ? { labels } : {}) },
      data,
    });
  }

  async compiled(settingName: string): Promise<CompiledSetting> {
    await this.start();
    const setting = this.settingsInformer.get(settingName) ?? (await this.fetchSetting(settingName));
    const cached = this.compiledByName.get(settingName);
    if (cached && cached.resourceVersion === setting.metadata.resourceVersion) return cached;
    const compiled = this.compiler.compile(setting);
    this.compiledByName.set(settingName, compiled);
    return compiled;
  }

  /** A Setting created by another process may not have reached our watch yet. */
  private async fetchSetting(settingName: string): Promise<Setting> {
    const setting = await this.client.fetch(Setting, settingName);
    if (!setting) throw new NotFoundError('Setting', settingName);
    this.settingsInformer.upsert(setting);
    return setting;
  }

  private onSettingChanged(name: string, setting: Setting): void {
    this.compiledByName.delete(name);
    const groups = (setting.spec?.forms ?? []).map((f) => f.group);
    this.emit({ settingName: name, configMapName: configMapNameOf(setting), groups });
  }

  private onValuesChanged(configMapName: string, before: ParsedConfigMap | undefined, after: ParsedConfigMap | undefined): void {
    const groups = changedGroups(before, after);
    if (!groups.length) return;
    for (const name of this.settingsInformer.keys()) {
      const setting = this.settingsInformer.get(name)!;
      if (configMapNameOf(setting) === configMapName) this.emit({ settingName: name, configMapName, groups });
    }
  }

  private emit(change: Parameters<SettingsChangeListener>[0]): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (err) {
        this.logger.error({ setting: change.settingName, err: (err as Error).message }, 'settings change listener failed');
      }
    }
  }
}

/** Freezes an object and everything inside it (plain data: objects and arrays). */
function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
}
