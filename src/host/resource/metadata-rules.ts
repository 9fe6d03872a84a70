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
  for (const [k, v] of Object.entries(meta.labels ?? {})) {
    if (!isQualifiedName(k)) problems.push({ field: `metadata.labels.${shownValue(k)}`, message: 'label key must be a qualified name' });
    if (typeof v !== 'string' || v.length > 63 || !LABEL_VALUE.test(v))
      problems.push({
        field: `metadata.labels.${shownValue(k)}`,
        message: 'label value must be at most 63 characters of [A-Za-z0-9_.-], alphanumeric at both ends',
      });
  }
  let annotationBytes = 0;
  for (const [k, v] of Object.entries(meta.annotations ?? {})) {
    if (!isQualifiedName(k))
      problems.push({ field: `metadata.annotations.${shownValue(k)}`, message: 'annotation key must be a qualified name' });
    if (typeof v !== 'string')
      problems.push({ field: `metadata.annotations.${shownValue(k)}`, message: 'annotation value must be a string' });
    else annotationBytes += Buffer.byteLength(k) + Buffer.byteLength(v);
  }
  if (annotationBytes > 256 * 1024) problems.push({ field: 'metadata.annotations', message: 'annotations may hold at most 256 KiB' });
  for (const f of meta.finalizers ?? []) {
    if (typeof f !== 'string' || !isQualifiedName(f))
      problems.push({ field: 'metadata.finalizers', message: `finalizer "${String(f)}" must be a qualified name` });
  }
  return problems;
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
