import http from 'node:http';
import { MAX_RESPONSE_BYTES, REQUEST_TIMEOUT_MS } from '../config.js';
import type { WireRequest } from '../walker/build-request.js';

/** What came back: the status, how big the body was (counted up to the bound), its start for the report. */
export interface WireAnswer {
  status: number;
  bytes: number;
  oversize: boolean;
  head: string;
  /** Set when no answer came: the connection failed or the timeout passed. */
  error?: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let requestsSent = 0;

/** How many requests the suite has sent, for the summary line. */
export function sentCount(): number {
  return requestsSent;
}

/**
 * Sends the request byte for byte (node:http takes the path as given, so invalid percent-encodings reach the
 * server unchanged) and reads at most MAX_RESPONSE_BYTES + 1 of the answer.
 */
export function send(baseUrl: string, request: WireRequest, headers: Record<string, string>): Promise<WireAnswer> {
  requestsSent++;
  const url = new URL(baseUrl);
  const allHeaders: Record<string, string> = { ...headers };
  if (request.contentType !== undefined) allHeaders['content-type'] = request.contentType;
  if (request.body !== undefined) allHeaders['content-length'] = String(Buffer.byteLength(request.body));
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: WireAnswer) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        headers: allHeaders,
        agent,
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes <= 4096) chunks.push(chunk);
          if (bytes > MAX_RESPONSE_BYTES) {
            res.destroy();
            done({ status: res.statusCode ?? 0, bytes, oversize: true, head: Buffer.concat(chunks).toString('utf8', 0, 300) });
          }
        });
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, bytes, oversize: false, head: Buffer.concat(chunks).toString('utf8', 0, 300) }),
        );
        res.on('error', (err) => done({ status: res.statusCode ?? 0, bytes, oversize: false, head: '', error: err.message }));
      },
    );
    req.on('timeout', () => {
      req.destroy();
      done({ status: 0, bytes: 0, oversize: false, head: '', error: `no answer within ${REQUEST_TIMEOUT_MS} ms` });
    });
    req.on('error', (err) => done({ status: 0, bytes: 0, oversize: false, head: '', error: err.message }));
    req.end(request.body);
  });
}

export function closeConnections(): void {
  agent.destroy();
}
