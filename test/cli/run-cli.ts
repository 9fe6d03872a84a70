import { spawn } from 'node:child_process';
import path from 'node:path';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `authpay <args>` as a separate process (tsx src/cli.ts), with the environment given and optional standard input. */
export function runCli(args: string[], env: Record<string, string>, input?: string): Promise<CliResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('src', 'cli.ts'), ...args], {
    cwd: path.resolve('.'),
    env: { ...process.env, NODE_OPTIONS: '', AUTHPAY_LOG_LEVEL: 'warn', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdin.end(input ?? '');
  return new Promise((resolve, reject) => {
    // A hung command fails the test instead of outliving it.
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
