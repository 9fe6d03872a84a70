import { shownValue } from '../../resource/metadata-rules.js';
import jsonPatch, { type Operation } from 'fast-json-patch';
import { AppError } from '../../errors/app-error.js';

/** One RFC 6902 operation. */
export type JsonPatchOperation = Operation;

const OPS = ['add', 'remove', 'replace', 'move', 'copy', 'test'];

function invalid(message: string): AppError {
  return new AppError('INVALID', `the JSON patch could not be applied: ${message}`);
}

/** A malformed patch is a bad request (400); one that does not fit the document is Invalid (422), as in Kubernetes. */
function checkShape(patch: unknown): JsonPatchOperation[] {
  if (!Array.isArray(patch)) throw new AppError('BAD_REQUEST', 'a JSON patch must be an array of operations');
  for (const o of patch as Array<Partial<Record<'op' | 'path' | 'from' | 'value', unknown>>>) {
    const refuse = (message: string) => new AppError('BAD_REQUEST', message);
    if (!o || typeof o !== 'object' || typeof o.path !== 'string') throw refuse('every JSON patch operation needs "op" and "path"');
    if (!OPS.includes(o.op as string)) throw refuse(`unknown JSON patch operation "${shownValue(o.op)}"`);
    const needsFrom = o.op === 'move' || o.op === 'copy';
    if (needsFrom && typeof o.from !== 'string') throw refuse(`JSON patch operation "${o.op}" needs "from"`);
    const needsValue = o.op === 'add' || o.op === 'replace' || o.op === 'test';
    if (needsValue && !('value' in o)) throw refuse(`JSON patch operation "${o.op}" needs "value"`);
  }
  return patch as JsonPatchOperation[];
}

/** fast-json-patch's error names → our wording of why the patch does not fit the document. */
function whyNotApplied(err: InstanceType<typeof jsonPatch.JsonPatchError>): string {
  const op = err.operation as Partial<JsonPatchOperation & { from: string }> | undefined;
  const path = op?.path ?? '';
  switch (err.name) {
    case 'TEST_OPERATION_FAILED':
      return `test of "${path}" failed`;
    case 'OPERATION_FROM_UNRESOLVABLE':
      return `path "${op?.from ?? ''}" does not exist`;
    case 'OPERATION_PATH_INVALID':
      return `"${path}" is not a JSON pointer`;
    case 'OPERATION_PATH_ILLEGAL_ARRAY_INDEX':
      return `"${path}" does not end in an array index`;
    case 'OPERATION_VALUE_OUT_OF_BOUNDS':
      return `the index in "${path}" is out of range`;
    case 'OPERATION_PATH_CANNOT_ADD':
    case 'OPERATION_PATH_UNRESOLVABLE':
      return `path "${path}" does not exist`;
    default:
      return err.message.split('\n')[0];
  }
}

/**
 * Applies an RFC 6902 JSON patch (fast-json-patch, with validation and prototype writes banned) to a copy
 * of the document; neither the document nor the patch is modified.
 */
export function applyJsonPatch(document: unknown, patch: unknown): unknown {
  const operations = structuredClone(checkShape(patch));
  try {
    return jsonPatch.applyPatch(structuredClone(document), operations, true, true).newDocument;
  } catch (err) {
    if (err instanceof jsonPatch.JsonPatchError) throw invalid(whyNotApplied(err));
    // The library refuses paths through __proto__ / constructor.prototype with a plain TypeError.
    if (err instanceof TypeError && err.message.startsWith('JSON-Patch:')) {
      throw invalid('paths through __proto__ or constructor.prototype are not allowed');
    }
    throw err;
  }
}
