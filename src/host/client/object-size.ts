import { AppError } from '../errors/app-error.js';
import type { KindInfo } from '../schema/kind-registry.js';
import type { Resource } from '../resource/types.js';

/**
 * The largest object the store keeps, serialized as JSON: 1 MiB (etcd refuses 1.5 MiB). Every list and
 * watch carries whole objects, so one huge object would make every read of its kind slow and large.
 */
export const MAX_OBJECT_BYTES = 1024 * 1024;

/** Refuses a write whose object is larger than MAX_OBJECT_BYTES, with 413 OBJECT_TOO_LARGE. */
export function checkObjectSize(info: KindInfo, obj: Resource): void {
  const bytes = Buffer.byteLength(JSON.stringify(obj), 'utf8');
  if (bytes <= MAX_OBJECT_BYTES) return;
  const name = obj.metadata?.name ?? '';
  throw new AppError('OBJECT_TOO_LARGE', `对象过大：${info.kind} "${name}" 为 ${bytes} 字节，上限 ${MAX_OBJECT_BYTES} 字节（1 MiB）`, {
    status: 413,
    messageEn: `${info.kind} "${name}" is too large: ${bytes} bytes, at most ${MAX_OBJECT_BYTES} (1 MiB) may be stored`,
  });
}
