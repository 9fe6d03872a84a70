/**
 * Jest reporter: after the run, prints the slowest test files with their wall time, and writes every
 * file's time to node_modules/.cache/authpay/test-timings.json, so the files that dominate the suite are
 * known (docs/tooling.md).
 */
const fs = require('node:fs');
const path = require('node:path');

const SHOWN = 10;

class SlowestFilesReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const files = results.testResults
      .map((r) => ({ file: path.relative(this.rootDir, r.testFilePath), seconds: (r.perfStats.end - r.perfStats.start) / 1000 }))
      .filter((f) => Number.isFinite(f.seconds))
      .sort((a, b) => b.seconds - a.seconds);
    if (files.length < 2) return;
    const total = files.reduce((sum, f) => sum + f.seconds, 0);
    const lines = files.slice(0, SHOWN).map((f) => `  ${f.seconds.toFixed(1).padStart(7)} s  ${f.file}`);
    process.stderr.write(`\nSlowest test files (of ${files.length}, ${total.toFixed(0)} s of file time in all):\n${lines.join('\n')}\n`);
    const out = path.join(this.rootDir, 'node_modules', '.cache', 'authpay', 'test-timings.json');
    try {
      fs.mkdirSync(path.dirname(out), { recursive: true });
      fs.writeFileSync(out, JSON.stringify({ finished: new Date().toISOString(), files }, null, 2));
    } catch {
      // a read-only checkout still gets the printed list
    }
  }
}

module.exports = SlowestFilesReporter;
