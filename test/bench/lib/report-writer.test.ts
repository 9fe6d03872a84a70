import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { replaceSection, writeSection } from '../../../bench/lib/report-writer.js';

test('a new section is appended after a header, and replacing it keeps the other sections', () => {
  let text = replaceSection('', 'store-sqlite', 'A1');
  expect(text).toMatch(/^# Benchmarks/);
  text = replaceSection(text, 'api', 'B1');
  text = replaceSection(text, 'store-sqlite', 'A2\nmore');
  expect(text).toContain('<!-- bench:store-sqlite:start -->\nA2\nmore\n<!-- bench:store-sqlite:end -->');
  expect(text).toContain('<!-- bench:api:start -->\nB1\n<!-- bench:api:end -->');
  expect(text).not.toContain('A1');
  expect(text.indexOf('store-sqlite:start')).toBeLessThan(text.indexOf('api:start'));
});

test('hand-written text around the sections survives a rewrite', () => {
  const before = '# Benchmarks\n\nintro\n\n<!-- bench:x:start -->\nold\n<!-- bench:x:end -->\n\n## Notes\nkept\n';
  expect(replaceSection(before, 'x', 'new')).toBe(
    '# Benchmarks\n\nintro\n\n<!-- bench:x:start -->\nnew\n<!-- bench:x:end -->\n\n## Notes\nkept\n',
  );
});

test('section names are kebab-case', () => {
  expect(() => replaceSection('', 'Bad Name', 'x')).toThrow(/kebab-case/);
});

test('writeSection creates the file and its directory', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-bench-doc-'));
  const file = path.join(dir, 'docs', 'b.md');
  try {
    writeSection('one', 'first', file);
    writeSection('one', 'second', file);
    expect(fs.readFileSync(file, 'utf8')).toContain('<!-- bench:one:start -->\nsecond\n<!-- bench:one:end -->');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
