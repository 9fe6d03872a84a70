/**
 * Every text a person reads in the apps comes from the message catalogs (zh-CN and en), never from a .vue
 * template: this fails on a hard-coded CJK or English word in a text node or a text attribute (label,
 * placeholder, title, aria-label, …) of any template in console-ui/src, uc-ui/src or ui-shared.
 * Punctuation, numbers and the brand names below are allowed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'vue/compiler-sfc';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const FOLDERS = ['console-ui/src', 'uc-ui/src', 'ui-shared'];
/** Names that are the same in every language. */
const ALLOWED = ['AuthPay'];
/** Attributes whose value people read (any other static attribute is checked for CJK only). */
const TEXT_ATTRIBUTES = new Set([
  'label',
  'placeholder',
  'title',
  'alt',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'description',
  'content',
  'text',
  'help',
  'summary',
  'caption',
  'empty-text',
  'active-text',
  'inactive-text',
  'confirm-button-text',
  'cancel-button-text',
  'close-text',
  'element-loading-text',
  'start-placeholder',
  'end-placeholder',
  'range-separator',
  'sub-title',
]);

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;
const WORD = /[A-Za-z]/;

/** A word a person would read: CJK, or Latin letters once the allowed names are taken out. */
export function isHardCoded(text: string, attribute?: string): boolean {
  if (CJK.test(text)) return true;
  if (attribute !== undefined && !TEXT_ATTRIBUTES.has(attribute)) return false;
  const rest = ALLOWED.reduce((s, name) => s.split(name).join(''), text);
  return WORD.test(rest);
}

interface TemplateNode {
  type: number;
  content?: string;
  name?: string;
  value?: { content: string };
  props?: TemplateNode[];
  children?: TemplateNode[];
  loc: { start: { line: number } };
}

function findings(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const { descriptor } = parse(source, { filename: file });
  const out: string[] = [];
  const where = (node: TemplateNode) => `${path.relative(ROOT, file)}:${node.loc.start.line}`;
  const walk = (node: TemplateNode) => {
    if (node.type === 2 && node.content && isHardCoded(node.content.trim())) out.push(`${where(node)} text "${node.content.trim()}"`);
    for (const prop of node.props ?? []) {
      if (prop.type === 6 && prop.value && isHardCoded(prop.value.content, prop.name))
        out.push(`${where(prop)} ${prop.name}="${prop.value.content}"`);
    }
    for (const child of node.children ?? []) walk(child);
  };
  if (descriptor.template?.ast) walk(descriptor.template.ast as unknown as TemplateNode);
  return out;
}

function vueFiles(dir: string): string[] {
  const full = path.join(ROOT, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.vue'))
    .map((f) => path.join(full, f));
}

test('the check itself: CJK anywhere and English in text attributes are caught, punctuation and brand names pass', () => {
  expect(isHardCoded('保存')).toBe(true);
  expect(isHardCoded('Save')).toBe(true);
  expect(isHardCoded('·')).toBe(false);
  expect(isHardCoded('* 1 / 2')).toBe(false);
  expect(isHardCoded('AuthPay')).toBe(false);
  expect(isHardCoded('Search', 'placeholder')).toBe(true);
  expect(isHardCoded('primary', 'type')).toBe(false);
  expect(isHardCoded('删除', 'data-x')).toBe(true);
  const sample = path.join(ROOT, 'test', 'ui', 'fixtures', 'hard-coded.vue');
  expect(findings(sample).map((f) => f.replace(/^.*?:\d+ /, ''))).toEqual(['text "Loading…"', 'placeholder="搜索"', 'aria-label="Close"']);
});

test('no .vue template of either app or ui-shared holds a hard-coded word', () => {
  const files = FOLDERS.flatMap(vueFiles);
  expect(files.length).toBeGreaterThan(5);
  expect(files.flatMap(findings)).toEqual([]);
});
