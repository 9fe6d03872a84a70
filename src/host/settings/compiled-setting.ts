import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { ValidationError, type ErrorDetail } from '../errors/app-error.js';
import { groupDefaults, groupJsonSchema, isSecretField } from './form-schema.js';
import { CONFIG_MAP_ANNOTATION, type GroupValues, type Setting, type SettingForm } from './types.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** One group of a setting, ready to use: defaults, secret field names and its compiled validator. */
export interface CompiledGroup {
  form: SettingForm;
  defaults: GroupValues;
  secrets: Set<string>;
  fields: Set<string>;
  validate: ValidateFunction;
}

/** A Setting compiled at one resourceVersion; recompiled only when the Setting changes. */
export interface CompiledSetting {
  name: string;
  resourceVersion: string;
  configMapName: string;
  forms: SettingForm[];
  groups: Map<string, CompiledGroup>;
}

/**
 * Compiles Setting forms into validators. Values are coerced to the field types (the console sends numbers
 * as strings from some inputs), so a validated value is already normalised.
 */
export class SettingCompiler {
  private readonly ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: true, useDefaults: false });

  constructor() {
    addFormats(this.ajv);
  }

  compile(setting: Setting): CompiledSetting {
    const forms = setting.spec?.forms ?? [];
    const groups = new Map<string, CompiledGroup>();
    for (const form of forms) {
      groups.set(form.group, {
        form,
        defaults: groupDefaults(form),
        secrets: new Set(form.formSchema.filter(isSecretField).map((f) => f.name)),
        fields: new Set(form.formSchema.map((f) => f.name)),
        validate: this.ajv.compile(groupJsonSchema(form)),
      });
    }
    return {
      name: setting.metadata.name,
      resourceVersion: setting.metadata.resourceVersion ?? '',
      configMapName: configMapNameOf(setting),
      forms,
      groups,
    };
  }
}

export function configMapNameOf(setting: Setting): string {
  return setting.metadata.annotations?.[CONFIG_MAP_ANNOTATION] ?? setting.metadata.name;
}

/** Validates (and coerces in place) one group's complete value; throws naming `group.field`. */
export function validateGroup(group: string, compiled: CompiledGroup, value: GroupValues): void {
  if (compiled.validate(value)) return;
  const details = (compiled.validate.errors ?? []).map((e) => detailOf(group, e));
  throw new ValidationError(`设置校验失败: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`, details);
}

function detailOf(group: string, e: ErrorObject): ErrorDetail {
  const params = e.params as { missingProperty?: string; additionalProperty?: string };
  const field = params.missingProperty ?? params.additionalProperty ?? e.instancePath.replace(/^\//, '').split('/')[0];
  return { field: field ? `${group}.${field}` : group, message: e.message ?? 'invalid', reason: e.keyword };
}
