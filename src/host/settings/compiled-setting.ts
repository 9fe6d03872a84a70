import type { ValidateFunction } from 'ajv';
import { ValidationError, type ErrorDetail } from '../errors/app-error.js';
import { ajvErrorDetails, createAjv, detailSummary } from '../schema/ajv.js';
import { fieldChoices, groupDefaults, groupJsonSchema, isSecretField, type FieldChoices } from './form-schema.js';
import { isLabelledList } from './list-entries.js';
import { CONFIG_MAP_ANNOTATION, type GroupValues, type Setting, type SettingForm } from './types.js';

/** One group of a setting, ready to use: defaults, secret field names and its compiled validator. */
export interface CompiledGroup {
  form: SettingForm;
  defaults: GroupValues;
  secrets: Set<string>;
  fields: Set<string>;
  /** Choice inputs by name: what they offer now (a stored choice the form no longer offers is not read). */
  choices: Map<string, FieldChoices>;
  /** Labelled lists by name (list-entries.ts): their items are read as entries. */
  labelledLists: Set<string>;
  /** Number inputs by name: a whole decimal string sent for one is read as the number it spells. */
  numbers: Map<string, 'integer' | 'number'>;
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
 * Compiles Setting forms into validators. Values are not coerced by ajv (which would read `true` as 1 and
 * "1e3" as 1000): a number input takes a number, or a string spelling one plainly ("42", "-1", "2.5" — what
 * a form's text input sends); a switch takes a boolean; a text input a string.
 */
export class SettingCompiler {
  private readonly ajv = createAjv({ coerceTypes: false, useDefaults: false });

  compile(setting: Setting): CompiledSetting {
    const forms = setting.spec?.forms ?? [];
    const groups = new Map<string, CompiledGroup>();
    for (const form of forms) {
      const schema = groupJsonSchema(form);
      groups.set(form.group, {
        form,
        defaults: groupDefaults(form),
        secrets: new Set(form.formSchema.filter(isSecretField).map((f) => f.name)),
        fields: new Set(form.formSchema.map((f) => f.name)),
        choices: new Map(form.formSchema.flatMap((f) => (fieldChoices(f) ? [[f.name, fieldChoices(f)!] as const] : []))),
        labelledLists: new Set(form.formSchema.filter(isLabelledList).map((f) => f.name)),
        numbers: numberFields(schema),
        validate: this.ajv.compile(schema),
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

function numberFields(schema: Record<string, unknown>): Map<string, 'integer' | 'number'> {
  const out = new Map<string, 'integer' | 'number'>();
  for (const [name, property] of Object.entries(schema.properties as Record<string, { type?: unknown }>)) {
    if (property.type === 'integer' || property.type === 'number') out.set(name, property.type);
  }
  return out;
}

const PLAIN_INTEGER = /^-?\d{1,15}$/;
const PLAIN_DECIMAL = /^-?\d{1,15}(\.\d{1,15})?$/;

/** "42" → 42 for a number input; anything else (true, "1e3", " 7", "0x10") is left for validation to refuse. */
function readPlainNumbers(compiled: CompiledGroup, value: GroupValues): void {
  for (const [name, type] of compiled.numbers) {
    const given = value[name];
    if (typeof given === 'string' && (type === 'integer' ? PLAIN_INTEGER : PLAIN_DECIMAL).test(given)) value[name] = Number(given);
  }
}

/** Validates one group's complete value (plain number strings become numbers in place); throws naming `group.field`. */
export function validateGroup(group: string, compiled: CompiledGroup, value: GroupValues): void {
  readPlainNumbers(compiled, value);
  if (compiled.validate(value)) return;
  const details = ajvErrorDetails(compiled.validate.errors, group, { nameOf: (path) => fieldLabel(compiled.form, path) });
  throw settingsInvalid(details);
}

/** What a group rule finds wrong with one field: the field's name in the group and the reason in both languages. */
export interface GroupRuleProblem {
  field: string;
  /** zh-CN reason, said after the field's label ("须为 HTTPS 地址"). */
  zh: string;
  /** English reason, said after the field's label ("must be an HTTPS address"). */
  en: string;
}

/**
 * A check across the fields of one group that a JSON Schema cannot say (one field allowed only while
 * another is on). It sees the group's complete next value and answers the problems it finds (none: empty).
 */
export type GroupRule = (value: GroupValues) => GroupRuleProblem[];

/** Runs a group's rules on its complete next value; throws like validateGroup, naming `group.field` by label. */
export function checkGroupRules(group: string, compiled: CompiledGroup, value: GroupValues, rules: readonly GroupRule[]): void {
  const problems = rules.flatMap((rule) => rule(value));
  if (!problems.length) return;
  const details = problems.map((p) => {
    const name = fieldLabel(compiled.form, p.field) ?? { zh: p.field, en: p.field };
    return { field: `${group}.${p.field}`, message: `${name.zh} ${p.zh}`, messageEn: `${name.en} ${p.en}` };
  });
  throw settingsInvalid(details);
}

/** Messages name a field by its label (zh-CN, and the English one of `i18n.en` when the form has it). */
function fieldLabel(form: SettingForm, path: string): { zh: string; en: string } | undefined {
  const field = form.formSchema.find((f) => f.name === path);
  if (!field?.label) return undefined;
  return { zh: field.label, en: field.i18n?.en?.label ?? field.name };
}

/** VALIDATION_FAILED listing every refused field (one detail each). */
export function settingsInvalid(details: ErrorDetail[]): ValidationError {
  return new ValidationError(`设置有误：${detailSummary(details, 'zh-CN')}`, details, `invalid settings: ${detailSummary(details, 'en')}`);
}
