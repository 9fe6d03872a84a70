/** JSON Schema fragments every family's operations share (compiled once per operation). */
export const RESOURCE_NAME = { type: 'string', minLength: 1, maxLength: 253, pattern: '^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$' };
export const TIMESTAMP = { type: 'string', format: 'date-time' };
export const NAME_PARAMS = { type: 'object', properties: { name: RESOURCE_NAME }, required: ['name'], additionalProperties: false };
export const NAME_LIST = { type: 'array', items: RESOURCE_NAME, minItems: 1, maxItems: 1000, uniqueItems: true };

/** Metadata as answers show it. */
export const METADATA = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    resourceVersion: { type: 'string' },
    creationTimestamp: { type: 'string' },
    deletionTimestamp: { type: 'string' },
  },
};

export function resourceSchema(spec: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: 'object', properties: { apiVersion: { type: 'string' }, kind: { type: 'string' }, metadata: METADATA, spec, ...extra } };
}
