import { defineOperation, type OperationDef } from '../api/operations/operation.js';
import { AppError, ValidationError } from '../errors/app-error.js';
import { settingsInvalid } from './compiled-setting.js';
import { maskForms } from './secrets.js';
import { SECRET_MASK, type SettingForm } from './types.js';
import type { PluginSettings, SettingsPatch } from './settings-service.js';

/** Flat key → "group.field" of the setting, e.g. { apiAccessSecret: 'security.apiAccessSecret' }. */
export type FlatFieldMap = Record<string, string>;

export interface FlatOperationsOptions {
  /** API group of the service's console operations, e.g. console.api.pluginauth.authpay.dev. */
  group: string;
  version?: string;
  /** Path below the group, default '/settings'. */
  path?: string;
  getOperationId: string;
  updateOperationId: string;
  tags?: string[];
}

/**
 * A service's own view of its setting as one flat object keyed by setting names, over the grouped
 * Setting/ConfigMap storage. Services use it to expose typed get/update operations of their own
 * (getPluginAuthSettings / updatePluginAuthSettings) with the host's validation and secret masking.
 */
export class FlatSettings<T extends Record<string, unknown> = Record<string, unknown>> {
  private readonly refs: Map<string, { group: string; field: string }>;
  private readonly flatByValues = new WeakMap<object, T>();

  constructor(
    private readonly settings: PluginSettings,
    readonly settingName: string,
    fields: FlatFieldMap,
  ) {
    this.refs = new Map(Object.entries(fields).map(([key, ref]) => [key, splitRef(key, ref)]));
  }

  /**
   * Current values in clear (for the service's own use, never for answers). Built once per version of the
   * settings (the host answers the same frozen object until they change) and frozen too: copy before changing.
   */
  async read(): Promise<T> {
    const all = await this.settings.get<Record<string, Record<string, unknown>>>(this.settingName);
    const known = this.flatByValues.get(all);
    if (known) return known;
    const out: Record<string, unknown> = {};
    for (const [key, { group, field }] of this.refs) out[key] = all[group]?.[field];
    Object.freeze(out);
    this.flatByValues.set(all, out as T);
    return out as T;
  }

  /** Current values with `fallback` for every key that is unset (undefined or null). */
  async readWithFallback(fallback: Partial<T>): Promise<T> {
    const values = await this.read();
    const out: Record<string, unknown> = { ...fallback };
    for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== null) out[key] = value;
    return out as T;
  }

  /** Values as an answer may show them: configured secrets as "******", unset ones as "". */
  async readMasked(): Promise<{ values: Record<string, unknown>; configured: Record<string, boolean> }> {
    const compiled = await this.settings.compiled(this.settingName);
    const values: Record<string, unknown> = { ...(await this.read()) };
    const configured: Record<string, boolean> = {};
    for (const [key, { group, field }] of this.refs) {
      if (!compiled.groups.get(group)?.secrets.has(field)) continue;
      configured[key] = values[key] !== undefined && values[key] !== null && values[key] !== '';
      values[key] = configured[key] ? SECRET_MASK : '';
    }
    return { values, configured };
  }

  /**
   * The Setting's forms as the flat operations see them (a settings page renders them): each field named by
   * its flat key, fields without one left out, secret defaults masked. Lets a service's own read permission
   * show the form without the host's settings operations.
   */
  async forms(): Promise<SettingForm[]> {
    const keyOf = new Map([...this.refs].map(([key, r]) => [`${r.group}.${r.field}`, key]));
    return maskForms(await this.settings.compiled(this.settingName))
      .map((form) => ({
        ...form,
        formSchema: form.formSchema.flatMap((f) => {
          const key = keyOf.get(`${form.group}.${f.name}`);
          return key ? [{ ...f, name: key }] : [];
        }),
      }))
      .filter((form) => form.formSchema.length > 0);
  }

  /** Writes the given keys only; validation errors name the flat key. */
  async write(partial: Record<string, unknown>): Promise<T> {
    const patch: SettingsPatch = {};
    for (const [key, value] of Object.entries(partial)) {
      const ref = this.refs.get(key);
      if (!ref)
        throw new ValidationError(
          `未知的设置项：${key}`,
          [{ field: key, message: `未知的设置项 ${key}`, messageEn: `${key} is not a known setting` }],
          `unknown setting: ${key}`,
        );
      (patch[ref.group] ??= {})[ref.field] = value;
    }
    try {
      await this.settings.update(this.settingName, patch);
    } catch (err) {
      throw err instanceof AppError && err.code === 'VALIDATION_FAILED' ? this.renameFields(err) : err;
    }
    return this.read();
  }

  /** get and update operations answering the masked flat object. */
  operations(options: FlatOperationsOptions): OperationDef[] {
    const path = options.path ?? '/settings';
    const properties = Object.fromEntries([...this.refs.keys()].map((k) => [k, {}]));
    const response = { type: 'object', properties };
    return [
      defineOperation({
        operationId: options.getOperationId,
        group: options.group,
        version: options.version,
        method: 'get',
        path,
        summary: `Read the ${this.settingName} settings (secrets masked)`,
        tags: options.tags,
        response,
        handler: async () => (await this.readMasked()).values,
      }),
      defineOperation<unknown, Record<string, unknown>>({
        operationId: options.updateOperationId,
        group: options.group,
        version: options.version,
        method: 'put',
        path,
        summary: `Change ${this.settingName} settings: only the keys given change; "******" keeps a secret`,
        tags: options.tags,
        body: { type: 'object', properties, additionalProperties: false },
        response,
        handler: async ({ body }) => {
          await this.write(body);
          return (await this.readMasked()).values;
        },
      }),
    ];
  }

  private renameFields(err: AppError): ValidationError {
    const byRef = new Map([...this.refs].map(([key, r]) => [`${r.group}.${r.field}`, key]));
    // An error inside a value (`general.supportedChannels.0`) names the flat key of the field it is in.
    const flatKey = (field: string) => byRef.get(field) ?? byRef.get(field.split('.').slice(0, 2).join('.')) ?? field;
    const details = err.details.map((d) => ({ ...d, field: d.field && flatKey(d.field) }));
    return settingsInvalid(details);
  }
}

function splitRef(key: string, ref: string): { group: string; field: string } {
  const dot = ref.indexOf('.');
  if (dot <= 0 || dot === ref.length - 1) throw new Error(`flat setting ${key} must map to "group.field", got "${ref}"`);
  return { group: ref.slice(0, dot), field: ref.slice(dot + 1) };
}
