/**
 * A real nginx (Debian's nginx-light) in front of the replicas, as docs/operations.md "Behind nginx" configures
 * it: started by the test as a non-daemon child with its own prefix, configuration, pid file and logs in a
 * temporary directory, on a free port; its access log tells which requests failed and which nginx retried.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../../bench/lib/server-process.js';

/** Where Debian puts it; else whatever PATH finds. */
export function findNginx(): string | undefined {
  if (fs.existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'nginx');
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** One access-log line: what the client got, and each upstream nginx tried for it (more than one: a retry). */
export interface AccessLine {
  status: number;
  method: string;
  uri: string;
  upstreams: string[];
  upstreamStatuses: string[];
}

export interface NginxProxy {
  url: string;
  port: number;
  accessLog(): AccessLine[];
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * The supported configuration (docs/operations.md): both replicas in one upstream with passive health checks,
 * a retry on the other replica only for requests that are safe to repeat (nginx never passes a POST or PATCH
 * on once it was sent, unless told `non_idempotent`), the client's address and scheme forwarded, keep-alive
 * to the replicas, and no buffering where the server asks for none (watch streams send X-Accel-Buffering: no).
 */
export function nginxConfig(dir: string, port: number, replicas: string[]): string {
  const servers = replicas.map((r) => `    server ${r} max_fails=1 fail_timeout=5s;`).join('\n');
  return `worker_processes 1;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  log_format failover '$status\\t$request_method\\t$uri\\t$upstream_addr\\t$upstream_status';
  access_log ${dir}/access.log failover;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;

  upstream authpay {
${servers}
    keepalive 32;
  }

  server {
    listen 127.0.0.1:${port};
    client_max_body_size 16m;

    location / {
      proxy_pass http://authpay;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;

      proxy_connect_timeout 2s;
      proxy_send_timeout 30s;
      proxy_read_timeout 120s;

      proxy_next_upstream error timeout http_502 http_503 http_504;
      proxy_next_upstream_tries 2;
      proxy_next_upstream_timeout 15s;
    }
  }
}
`;
}

/** Starts nginx in front of the replicas (host:port each) and waits until it answers. */
export async function startNginx(binary: string, replicas: string[], port?: number): Promise<NginxProxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-nginx-'));
  const listen = port ?? (await freePort());
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(dir, listen, replicas));
  const child: ChildProcess = spawn(binary, ['-p', dir, '-c', conf, '-g', `daemon off; pid ${dir}/nginx.pid;`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  process.on('exit', () => child.kill('SIGKILL'));
  const read = (name: string) => (fs.existsSync(path.join(dir, name)) ? fs.readFileSync(path.join(dir, name), 'utf8') : '');
  const proxy: NginxProxy = {
    url: `http://127.0.0.1:${listen}`,
    port: listen,
    accessLog: () => read('access.log').split('\n').filter(Boolean).map(parseAccessLine),
    errorLog: () => read('error.log'),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGQUIT');
        const late = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(late);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  const end = Date.now() + 30_000;
  for (;;) {
    // Any answer will do: nginx is up (a replica's 200, or nginx's own 502 while none answers).
    const answered = await fetch(`${proxy.url}/healthz`).then(
      () => true,
      () => false,
    );
    if (answered) return proxy;
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > end) {
      const log = read('error.log');
      await proxy.stop();
      throw new Error(`nginx did not start:\n${output}\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

function parseAccessLine(line: string): AccessLine {
  const [status, method, uri, upstreams = '', upstreamStatuses = ''] = line.split('\t');
  // nginx separates the servers it tried with ", " (and internal redirects with " : ").
  const list = (text: string) => text.split(/, | : /).filter((x) => x && x !== '-');
  return { status: Number(status), method, uri, upstreams: list(upstreams), upstreamStatuses: list(upstreamStatuses) };
}
