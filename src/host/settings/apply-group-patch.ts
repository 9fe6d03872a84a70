import { ValidationError } from '../errors/app-error.js';
import type { CompiledGroup } from './compiled-setting.js';
import { isMaskEcho } from './secrets.js';
import type { GroupValues } from './types.js';

/**
 * The next value of a group from its current effective value and a partial write:
 * - a field set to null goes back to its default (or disappears when it has none);
 * - a secret field given the mask keeps its stored value;
 * - a whole group given as null goes back to the defaults.
 * Unknown fields are kept here so that validation names them.
 */
export function applyGroupPatch(group: string, compiled: CompiledGroup, current: GroupValues, patch: unknown): GroupValues {
  if (patch === null) return structuredClone(compiled.defaults);
  if (typeof patch !== 'object' || Array.isArray(patch)) {
    throw new ValidationError(
      `设置分组 ${group} 必须是对象`,
      [{ field: group, message: '须为由字段和值组成的对象', messageEn: 'must be an object of field values' }],
      `settings group ${group} must be an object`,
    );
  }
  const next: GroupValues = { ...current };
  for (const [field, value] of Object.entries(patch as GroupValues)) {
    if (value === null) {
      if (compiled.defaults[field] !== undefined) next[field] = structuredClone(compiled.defaults[field]);
      else delete next[field];
    } else if (compiled.secrets.has(field) && isMaskEcho(value)) {
      continue;
    } else {
      next[field] = value;
    }
  }
  return next;
}
