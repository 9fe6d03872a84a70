#!/usr/bin/env node
/**
 * `npm run test:timings [-- N]`: the N slowest test files (default 20) of the last Jest run, from the file the
 * slowest-files reporter writes (test/support/slowest-files-reporter.cjs), with each file's share of the file
 * time. A targeted run overwrites the file too, so read it right after the full run you mean.
 */
import fs from 'node:fs';
import path from 'node:path';

const FILE = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'node_modules', '.cache', 'authpay', 'test-timings.json');
const shown = Number(process.argv[2] ?? 20);

if (!fs.existsSync(FILE)) {
  console.error(`No timings yet: ${FILE} is written at the end of every npm test.`);
  process.exit(1);
}
const { finished, files } = JSON.parse(fs.readFileSync(FILE, 'utf8'));
const total = files.reduce((sum, f) => sum + f.seconds, 0);
console.log(`${files.length} files, ${total.toFixed(0)} s of file time in all (the run finished ${finished}):`);
for (const f of files.slice(0, shown)) {
  console.log(`${f.seconds.toFixed(1).padStart(8)} s ${((100 * f.seconds) / total).toFixed(1).padStart(5)} %  ${f.file}`);
}
