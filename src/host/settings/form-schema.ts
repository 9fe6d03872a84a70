import { isLabelledList, LIST_ENTRY_SCHEMA } from './list-entries.js';
import { parseValidation, type JsonSchema } from './validation-rules.js';
import type { FormField, GroupValues, SettingForm } from './types.js';

const STRING_INPUTS = new Set([
  'text',
  'textarea',
  'password',
  'email',
  'url',
  'color',
  'date',
  'datetime-local',
  'time',
  'tel',
  'search',
  'code',
  'attachment',
  'hidden',
  'month',
  'week',
  'iconify',
]);
const BOOLEAN_INPUTS = new Set(['switch', 'toggle']);
const ARRAY_INPUTS = new Set(['list', 'repeater', 'array', 'tagSelect', 'categorySelect', 'postSelect']);

/** Whether a field holds a secret: declared `secret: true`, or a password input. */
export function isSecretField(field: FormField): boolean {
  return field.secret === true || field.$formkit === 'password';
}

/** Default values of a group: each field's `value`, deep-copied so callers may mutate the result. */
export function groupDefaults(form: SettingForm): GroupValues {
  const out: GroupValues = {};
  for (const field of form.formSchema) {
    if (field.value !== undefined) out[field.name] = structuredClone(field.value);
  }
  return out;
}

/**
 * The JSON Schema of one group's value object, derived from the input types, options and FormKit validation
 * strings of its fields. Unknown fields are refused (additionalProperties: false).
 */
export function groupJsonSchema(form: SettingForm): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const field of form.formSchema) {
    const base = fieldBaseSchema(field);
    const rules = parseValidation(field.validation, base.type as string | undefined);
    properties[field.name] = { ...base, ...rules.keywords };
    if (rules.required) required.push(field.name);
  }
  return { type: 'object', properties, required, additionalProperties: false };
}

function fieldBaseSchema(field: FormField): JsonSchema {
  const kind = field.$formkit;
  const choices = optionValues(field.options);
  if (kind === 'number' || kind === 'range') return { type: field.number === 'integer' ? 'integer' : 'number' };
  if (kind === 'checkbox') return choices ? { type: 'array', items: enumOf(choices), uniqueItems: true } : { type: 'boolean' };
  if (BOOLEAN_INPUTS.has(kind)) return { type: 'boolean' };
  if (kind === 'select' || kind === 'radio') {
    // Choices loaded from a source (optionsFrom) are ids: strings, checked further by the field's validation.
    if (!choices) return field.optionsFrom ? (field.multiple ? { type: 'array', items: { type: 'string' } } : { type: 'string' }) : {};
    return field.multiple ? { type: 'array', items: enumOf(choices), uniqueItems: true } : enumOf(choices);
  }
  if (STRING_INPUTS.has(kind)) return { type: 'string' };
  // A labelled list takes entries, or plain strings as saved before it had labels (read as entries).
  if (isLabelledList(field)) return { type: 'array', items: { anyOf: [LIST_ENTRY_SCHEMA.properties.value, LIST_ENTRY_SCHEMA] } };
  if (ARRAY_INPUTS.has(kind)) return { type: 'array' };
  if (kind === 'group') return { type: 'object' };
  return {};
}

/** The values a choice input offers (checkbox or select/radio with options), and whether it holds several. */
export interface FieldChoices {
  multiple: boolean;
  values: unknown[];
}

export function fieldChoices(field: FormField): FieldChoices | undefined {
  const values = optionValues(field.options);
  if (!values) return undefined;
  if (field.$formkit === 'checkbox') return { multiple: true, values };
  if (field.$formkit === 'select' || field.$formkit === 'radio') return { multiple: field.multiple === true, values };
  return undefined;
}

function enumOf(values: unknown[]): JsonSchema {
  return { enum: values };
}

/** The values of FormKit options: ["a", "b"], [{label, value}], or {value: label}. */
export function optionValues(options: unknown): unknown[] | undefined {
  if (Array.isArray(options)) {
    return options.map((o) => (o && typeof o === 'object' && 'value' in (o as object) ? (o as { value: unknown }).value : o));
  }
  if (options && typeof options === 'object') return Object.keys(options);
  return undefined;
}
