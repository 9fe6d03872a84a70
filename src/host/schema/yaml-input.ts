import * as yaml from 'js-yaml';
import { AppError } from '../errors/app-error.js';

/** The deepest YAML nesting request input may have (as for JSON bodies). */
export const MAX_YAML_DEPTH = 64;

/**
 * Aliases are refused outright: js-yaml shares the anchored node, so a few hundred bytes of nested aliases
 * become a graph that serializes to tens of megabytes (the "billion laughs"). Request input never needs them.
 */
const INPUT_OPTIONS = { maxAliases: 0, maxDepth: MAX_YAML_DEPTH };

/** One YAML document of request input (a generic-API body). Aliases and deep nesting are a 400. */
export function loadYamlInput(text: string): unknown {
  return refusingUnsafe(() => yaml.load(text, INPUT_OPTIONS));
}

/** Every document of a multi-document YAML input (an import file). Aliases and deep nesting are a 400. */
export function loadAllYamlInput(text: string): unknown[] {
  return refusingUnsafe(() => yaml.loadAll(text, INPUT_OPTIONS));
}

/**
 * Runs a load; the two refusals become AppErrors with their own codes (YAML_ALIAS_REFUSED,
 * YAML_TOO_DEEP), any other YAML error is rethrown for the caller to word as its own 400.
 */
function refusingUnsafe<T>(load: () => T): T {
  try {
    return load();
  } catch (err) {
    const reason = String((err as { reason?: string }).reason ?? '');
    if (reason.includes('maxAliases'))
      throw new AppError('YAML_ALIAS_REFUSED', '不接受 YAML 锚点别名（*name）：请把内容写完整', {
        status: 400,
        messageEn: 'YAML aliases (*name) are not accepted: write the content out in full',
      });
    if (reason.includes('maxDepth'))
      throw new AppError('YAML_TOO_DEEP', `YAML 嵌套过深（最多 ${MAX_YAML_DEPTH} 层）`, {
        status: 400,
        messageEn: `the YAML is nested too deeply (at most ${MAX_YAML_DEPTH} levels)`,
      });
    throw err;
  }
}
