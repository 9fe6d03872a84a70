import { FREE_CODE_LENGTH, normalizeFreeCode } from './free-code.js';
import { normalizePermanentCode, PERMANENT_CODE_LENGTH } from './permanent-code.js';

/** A code typed into the activation form, recognised by its length once separators are gone. */
export type ClassifiedCode = { kind: 'FREE'; code: string } | { kind: 'PERMANENT'; code: string };

/** Undefined when the input is neither a well-formed free code nor a well-formed permanent code. */
export function classifyCode(input: unknown): ClassifiedCode | undefined {
  if (typeof input !== 'string') return undefined;
  const length = input.replace(/[\s-]/g, '').length;
  if (length === FREE_CODE_LENGTH) {
    const code = normalizeFreeCode(input);
    return code === undefined ? undefined : { kind: 'FREE', code };
  }
  if (length === PERMANENT_CODE_LENGTH) {
    const code = normalizePermanentCode(input);
    return code === undefined ? undefined : { kind: 'PERMANENT', code };
  }
  return undefined;
}
