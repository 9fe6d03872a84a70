/**
 * The apps' JavaScript: Element Plus is imported per component (nothing registers the whole library), so
 * the first page of each app loads the layout's parts and each page's chunk brings its own. Two checks: every
 * `<el-…>` tag (and `v-loading`) of a template is imported in its own file — a tag nobody imports renders as
 * an unknown element — and the JavaScript an app loads before its first page (index.html's entry and its
 * preloads) stays within a budget, as the built apps measure it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const APPS = ['console-ui', 'uc-ui'];
/** Was 801 kB (console) and 769 kB (user center) with every component registered; about 430 kB now. */
const INITIAL_BUDGET_BYTES = 500_000;

function vueFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'dist' || entry.name === 'node_modules' ? [] : vueFiles(full);
    return entry.name.endsWith('.vue') ? [full] : [];
  });
}

const pascal = (tag: string) =>
  tag
    .split('-')
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');

test('every Element Plus tag and v-loading in a template is imported by its own file', () => {
  const missing: string[] = [];
  for (const file of [...APPS.map((app) => path.join(ROOT, app, 'src')), path.join(ROOT, 'ui-shared')].flatMap(vueFiles)) {
    const text = fs.readFileSync(file, 'utf8');
    const end = text.lastIndexOf('</script>');
    const script = text.slice(0, end);
    const template = text.slice(end);
    const imported = new Set(
      [...script.matchAll(/import\s*\{([^}]*)\}\s*from\s*'element-plus'/g)].flatMap((m) => m[1].split(',').map((s) => s.trim())),
    );
    const needed = new Set([...template.matchAll(/<(el-[a-z-]+)/g)].map((m) => pascal(m[1])));
    if (/\sv-loading\b/.test(template)) needed.add('vLoading');
    for (const name of needed) if (!imported.has(name)) missing.push(`${path.relative(ROOT, file)}: ${name}`);
  }
  expect(missing).toEqual([]);
});

test.each(APPS)(
  '%s loads at most 500 kB of JavaScript before its first page',
  (app) => {
    execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'ensure-ui.mjs'), '--quiet'], { cwd: ROOT, stdio: 'inherit' });
    const dist = path.join(ROOT, app, 'dist');
    const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    const initial = [...html.matchAll(/(?:src|href)="\/[a-z]+\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(initial.length).toBeGreaterThan(0);
    const bytes = initial.reduce((sum, file) => sum + fs.statSync(path.join(dist, file)).size, 0);
    expect({ app, bytes: bytes <= INITIAL_BUDGET_BYTES ? 'within budget' : bytes }).toEqual({ app, bytes: 'within budget' });
  },
  180_000,
);
