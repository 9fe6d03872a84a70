import type { ValidateFunction } from 'ajv';
import { ValidationError } from '../errors/app-error.js';
import { ajvErrorDetails, createAjv, detailSummary } from '../schema/ajv.js';
import { groupDefaults, groupJsonSchema, isSecretField } from './form-schema.js';
import { CONFIG_MAP_ANNOTATION, type GroupValues, type Setting, type SettingForm } from './types.js';

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
  private readonly ajv = createAjv({ coerceTypes: true, useDefaults: false });

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
  const details = ajvErrorDetails(compiled.validate.errors, group);
  throw new ValidationError(`设置校验失败: ${detailSummary(details)}`, details);
}
