import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OperationDef } from './operation.js';
import { buildOpenApi, type OpenApiInfo } from './openapi.js';

/** package.json sits four levels above this file, in src/ and in dist/ alike. */
function packageVersion(): string {
  try {
    const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'package.json');
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/**
 * The OpenAPI document of the current operations, for /openapi.json. `operations` is read on each call so
 * late registrations appear; the document is rebuilt only when the set of operations changed.
 */
export function openApiSource(operations: () => OperationDef[], info?: OpenApiInfo): () => unknown {
  const shown = info ?? {
    title: 'AuthPay API',
    version: packageVersion(),
    description: 'Business operations of the host and its plugins; every answer is the envelope {success, code, message, data}.',
  };
  let cached: { key: OperationDef[]; doc: unknown } | undefined;
  return () => {
    const ops = operations();
    // Same length and members means the same document.
    const changed = !cached || cached.key.length !== ops.length || cached.key.some((d, i) => d !== ops[i]);
    if (!cached || changed) cached = { key: ops, doc: buildOpenApi(ops, shown) };
    return cached.doc;
  };
}
