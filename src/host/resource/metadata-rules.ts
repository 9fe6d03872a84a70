import crypto from 'node:crypto';
import type { ErrorDetail } from '../errors/app-error.js';
import type { ObjectMeta } from './types.js';

const DNS1123_LABEL = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN = new RegExp(`^${DNS1123_LABEL}(\\.${DNS1123_LABEL})*$`);
const LABEL_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

export function isDns1123Subdomain(name: string): boolean {
  return name.length > 0 && name.length <= 253 && DNS1123_SUBDOMAIN.test(name);
}

/** Kubernetes qualified names: an optional DNS-subdomain prefix and a name of at most 63 characters. */
function isQualifiedName(key: string): boolean {
  const slash = key.lastIndexOf('/');
  const prefix = slash >= 0 ? key.slice(0, slash) : undefined;
  const name = slash >= 0 ? key.slice(slash + 1) : key;
  if (prefix !== undefined && !isDns1123Subdomain(prefix)) return false;
  return name.length <= 63 && LABEL_NAME.test(name);
}

/** Checks the user-settable metadata of an object; returns one detail per violation. */
export function checkMetadata(meta: ObjectMeta): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (!isDns1123Subdomain(meta.name)) {
    problems.push({
      field: 'metadata.name',
      message:
        `"${shownValue(meta.name)}" must be a lowercase RFC 1123 subdomain of at most 253 characters`
        + ' (a-z, 0-9, "-" and ".", starting and ending with an alphanumeric)',
    });
  }
  // A string or an array in place of the map would be checked entry by entry: one problem per character.
  const labels = mapOrProblem(meta.labels, 'metadata.labels', problems);
  const annotations = mapOrProblem(meta.annotations, 'metadata.annotations', problems);
  for (const [k, v] of Object.entries(labels)) {
    if (!isQualifiedName(k)) problems.push({ field: `metadata.labels.${shownValue(k)}`, message: 'label key must be a qualified name' });
    if (typeof v !== 'string' || v.length > 63 || !LABEL_VALUE.test(v))
      problems.push({
        field: `metadata.labels.${shownValue(k)}`,
        message: 'label value must be at most 63 characters of [A-Za-z0-9_.-], alphanumeric at both ends',
      });
  }
  let annotationBytes = 0;
  for (const [k, v] of Object.entries(annotations)) {
    if (!isQualifiedName(k))
      problems.push({ field: `metadata.annotations.${shownValue(k)}`, message: 'annotation key must be a qualified name' });
    if (typeof v !== 'string')
      problems.push({ field: `metadata.annotations.${shownValue(k)}`, message: 'annotation value must be a string' });
    else annotationBytes += Buffer.byteLength(k) + Buffer.byteLength(v);
  }
  if (annotationBytes > 256 * 1024) problems.push({ field: 'metadata.annotations', message: 'annotations may hold at most 256 KiB' });
  const finalizers = Array.isArray(meta.finalizers) ? meta.finalizers : [];
  if (meta.finalizers !== undefined && !Array.isArray(meta.finalizers))
    problems.push({ field: 'metadata.finalizers', message: 'finalizers must be a list of names' });
  for (const f of finalizers) {
    if (typeof f !== 'string' || !isQualifiedName(f))
      problems.push({ field: 'metadata.finalizers', message: `finalizer "${shownValue(f)}" must be a qualified name` });
  }
  problems.push(...ownerReferenceProblems(meta.ownerReferences));
  return problems;
}

const OWNER_FIELDS = ['apiVersion', 'kind', 'name', 'uid'] as const;

/** Kubernetes' ValidateOwnerReferences on references of the right shape (metadata-shape.ts checked that). */
function ownerReferenceProblems(references: ObjectMeta['ownerReferences']): ErrorDetail[] {
  if (!Array.isArray(references)) return [];
  const problems: ErrorDetail[] = [];
  references.forEach((ref, i) => {
    for (const field of OWNER_FIELDS)
      if (typeof ref[field] === 'string' && ref[field].trim() === '')
        problems.push({
          field: `metadata.ownerReferences.${i}.${field}`,
          message: `${field} must not be empty`,
          reason: 'FieldValueInvalid',
        });
  });
  if (references.filter((ref) => ref.controller === true).length > 1)
    problems.push({
      field: 'metadata.ownerReferences',
      message: 'only one reference can have controller set to true',
      reason: 'FieldValueInvalid',
    });
  return problems;
}

/** The map, or {} with a problem when the field holds something else. */
function mapOrProblem(value: unknown, field: string, problems: ErrorDetail[]): Record<string, unknown> {
  if (value === undefined) return {};
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  problems.push({ field, message: 'must be a map of names to strings' });
  return {};
}

const GENERATE_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/** Kubernetes-style generated suffix: 5 characters from an alphabet without vowels or look-alikes. */
export function generateNameSuffix(length = 5): string {
  const bytes = crypto.randomBytes(length);
  let out = '';
  for (const b of bytes) out += GENERATE_ALPHABET[b % GENERATE_ALPHABET.length];
  return out;
}

/**
 * A caller's value for a message: text as it is, anything else as JSON, cut at 100 characters. Never
 * String(value): an object whose toString is not a function (`{"toString": "x"}`) makes that throw.
 */
export function shownValue(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? typeof value);
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}
