import type { ErrorDetail } from '../errors/app-error.js';
import { ajvErrorDetails, createAjv } from './ajv.js';

const STRING_MAP = { type: 'object', additionalProperties: { type: 'string' } };

/** meta/v1 OwnerReference: Kubernetes' strict decoding refuses a field it does not know. */
const OWNER_REFERENCE = {
  type: 'object',
  additionalProperties: false,
  required: ['apiVersion', 'kind', 'name', 'uid'],
  properties: {
    apiVersion: { type: 'string' },
    kind: { type: 'string' },
    name: { type: 'string' },
    uid: { type: 'string' },
    controller: { type: 'boolean' },
    blockOwnerDeletion: { type: 'boolean' },
  },
};

/**
 * The JSON shape of the metadata a caller may write, for every kind: what Kubernetes' decoder refuses
 * before any rule runs (400 BadRequest). Fields the server sets (uid, resourceVersion, timestamps,
 * generation) and fields it does not use are left to the client, which overwrites or ignores them —
 * kubectl sends `creationTimestamp: null` and `managedFields`.
 */
const METADATA_SHAPE = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    generateName: { type: 'string' },
    labels: STRING_MAP,
    annotations: STRING_MAP,
    finalizers: { type: 'array', items: { type: 'string' } },
    ownerReferences: { type: 'array', items: OWNER_REFERENCE },
  },
};

const validateShape = createAjv().compile(METADATA_SHAPE);

/** One detail per field whose JSON type or shape is wrong (`metadata.ownerReferences.0.junk`); [] when the shape holds. */
export function metadataShapeProblems(metadata: unknown): ErrorDetail[] {
  return validateShape(metadata) ? [] : ajvErrorDetails(validateShape.errors, 'metadata');
}
