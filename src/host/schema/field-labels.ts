import type { FieldTexts } from './ajv-messages.js';

/**
 * The keyword that gives a property the words people know it by: the label of the form that edits it, in
 * zh-CN and English (`'x-label': {zh: '用户名', en: 'User name'}`). Validation messages name the field by it
 * (`用户名只能包含…`, never `username 只能包含…`); an OpenAPI reader sees it as a vendor extension.
 */
export const LABEL_KEYWORD = 'x-label';

type Schema = Record<string, unknown>;

function isLabel(value: unknown): value is FieldTexts {
  const v = value as Partial<FieldTexts> | undefined;
  return typeof v?.zh === 'string' && typeof v.en === 'string';
}

/** The schema below `schema` at a dotted path (`items.0.name`): through `properties` and `items`. */
function schemaAt(schema: unknown, path: string): Schema | undefined {
  let at = schema as Schema | undefined;
  for (const segment of path.split('.')) {
    if (!at || typeof at !== 'object') return undefined;
    const properties = at.properties as Record<string, Schema> | undefined;
    if (properties && Object.hasOwn(properties, segment)) at = properties[segment];
    else if (/^\d+$/.test(segment) && at.items && typeof at.items === 'object') at = at.items as Schema;
    else return undefined;
  }
  return at;
}

/** The label of the field at a dotted path of a schema, when the schema gives one. */
export function labelAt(schema: unknown, path: string): FieldTexts | undefined {
  const label = schemaAt(schema, path)?.[LABEL_KEYWORD];
  return isLabel(label) ? label : undefined;
}

/** A copy of a property schema with its label (the schemas shared by several operations stay unlabelled). */
export function labelled<T extends object>(schema: T, label: FieldTexts): T & { [LABEL_KEYWORD]: FieldTexts } {
  return { ...schema, [LABEL_KEYWORD]: label };
}
