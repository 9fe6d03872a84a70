import fs from 'node:fs';
import path from 'node:path';

/**
 * Several benchmarks share docs/benchmarks.md. Each owns one section between marker comments and replaces
 * only that section, so running one bench never erases another's figures.
 */
export const BENCHMARKS_DOC = path.resolve('docs', 'benchmarks.md');

const HEADER = `# Benchmarks

Figures written by the benchmarks in \`bench/\` (each bench replaces only its own section). Re-run one with
its npm script, e.g. \`npm run bench:store\`. Timings are machine-dependent; every section names its machine.
`;

function markers(section: string): { start: string; end: string } {
  if (!/^[a-z0-9-]+$/.test(section)) throw new Error(`section name "${section}" must be kebab-case`);
  return { start: `<!-- bench:${section}:start -->`, end: `<!-- bench:${section}:end -->` };
}

/** Replaces (or appends) the named section of a Markdown file; returns the new file text. */
export function replaceSection(text: string, section: string, body: string): string {
  const { start, end } = markers(section);
  const block = `${start}\n${body.trim()}\n${end}`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from >= 0 && to > from) return `${text.slice(0, from)}${block}${text.slice(to + end.length)}`;
  const base = text.trim() ? text.replace(/\s*$/, '\n') : HEADER;
  return `${base}\n${block}\n`;
}

/** Writes one section of docs/benchmarks.md (or another file), creating the file when missing. */
export function writeSection(section: string, body: string, file = BENCHMARKS_DOC): void {
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, replaceSection(current, section, body));
}
