import { AppError } from '../../errors/app-error.js';

/** One RFC 6902 operation. */
export interface JsonPatchOperation {
  op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
  path: string;
  from?: string;
  value?: unknown;
}

type Container = Record<string, unknown> | unknown[];

function invalid(message: string): AppError {
  return new AppError('INVALID', `the JSON patch could not be applied: ${message}`);
}

/** RFC 6901 pointer → reference tokens. */
function tokens(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw invalid(`"${pointer}" is not a JSON pointer`);
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function child(node: unknown, token: string, pointer: string): unknown {
  if (Array.isArray(node)) return node[arrayIndex(node, token, pointer, false)];
  if (node !== null && typeof node === 'object' && Object.prototype.hasOwnProperty.call(node, token)) return (node as Record<string, unknown>)[token];
  throw invalid(`path "${pointer}" does not exist`);
}

function arrayIndex(array: unknown[], token: string, pointer: string, forAdd: boolean): number {
  if (forAdd && token === '-') return array.length;
  if (!/^(0|[1-9]\d*)$/.test(token)) throw invalid(`"${token}" in "${pointer}" is not an array index`);
  const index = Number(token);
  if (index > array.length || (!forAdd && index === array.length)) throw invalid(`index ${index} in "${pointer}" is out of range`);
  return index;
}

/** The container holding the pointer's last token, and that token. */
function parentOf(doc: unknown, pointer: string): { parent: Container; key: string } {
  const path = tokens(pointer);
  if (path.length === 0) throw invalid('the whole document cannot be the target of this operation');
  let node = doc;
  for (const token of path.slice(0, -1)) node = child(node, token, pointer);
  if (node === null || typeof node !== 'object') throw invalid(`path "${pointer}" does not exist`);
  return { parent: node as Container, key: path[path.length - 1] };
}

function get(doc: unknown, pointer: string): unknown {
  let node = doc;
  for (const token of tokens(pointer)) node = child(node, token, pointer);
  return node;
}

function add(doc: unknown, pointer: string, value: unknown): unknown {
  if (pointer === '') return value;
  const { parent, key } = parentOf(doc, pointer);
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, pointer, true), 0, value);
  else parent[key] = value;
  return doc;
}

function remove(doc: unknown, pointer: string): unknown {
  const { parent, key } = parentOf(doc, pointer);
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, pointer, false), 1);
  else {
    if (!Object.prototype.hasOwnProperty.call(parent, key)) throw invalid(`path "${pointer}" does not exist`);
    delete parent[key];
  }
  return doc;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

function checkOperation(op: unknown): JsonPatchOperation {
  const o = op as JsonPatchOperation;
  if (!o || typeof o !== 'object' || typeof o.path !== 'string') throw new AppError('BAD_REQUEST', 'every JSON patch operation needs "op" and "path"');
  if (!['add', 'remove', 'replace', 'move', 'copy', 'test'].includes(o.op)) throw new AppError('BAD_REQUEST', `unknown JSON patch operation "${String(o.op)}"`);
  if ((o.op === 'move' || o.op === 'copy') && typeof o.from !== 'string') throw new AppError('BAD_REQUEST', `JSON patch operation "${o.op}" needs "from"`);
  if ((o.op === 'add' || o.op === 'replace' || o.op === 'test') && !('value' in o)) throw new AppError('BAD_REQUEST', `JSON patch operation "${o.op}" needs "value"`);
  return o;
}

/** Applies an RFC 6902 JSON patch to a copy of the document; the input is never modified. */
export function applyJsonPatch(document: unknown, patch: unknown): unknown {
  if (!Array.isArray(patch)) throw new AppError('BAD_REQUEST', 'a JSON patch must be an array of operations');
  let doc = structuredClone(document);
  for (const raw of patch) {
    const op = checkOperation(raw);
    switch (op.op) {
      case 'add':
        doc = add(doc, op.path, structuredClone(op.value));
        break;
      case 'remove':
        doc = remove(doc, op.path);
        break;
      case 'replace':
        if (op.path === '') doc = structuredClone(op.value);
        else doc = add(remove(doc, op.path), op.path, structuredClone(op.value));
        break;
      case 'move': {
        const value = get(doc, op.from as string);
        doc = add(remove(doc, op.from as string), op.path, value);
        break;
      }
      case 'copy':
        doc = add(doc, op.path, structuredClone(get(doc, op.from as string)));
        break;
      case 'test':
        if (!deepEqual(get(doc, op.path), op.value)) throw invalid(`test of "${op.path}" failed`);
        break;
    }
  }
  return doc;
}
