/**
 * The browser apps' API types (ui-shared/api/schema.d.ts and operations.ts) are generated from the server's
 * /openapi.json by `npm run gen:api-types`; this fails when the committed files differ from what the current
 * server produces, so they are never copied by hand nor left behind.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');

test('the committed API types match the OpenAPI document of the current server', () => {
  let output = '';
  try {
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/gen-api-types.mjs', '--check'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: 'pipe',
      timeout: 60_000,
    });
  } catch (err) {
    output = `${(err as { stderr?: string }).stderr ?? ''}${(err as { stdout?: string }).stdout ?? ''}` || String(err);
  }
  expect(output).toBe('');
}, 90_000);
