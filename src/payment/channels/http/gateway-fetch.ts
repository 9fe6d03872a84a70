import { ChannelError } from '../core/errors.js';

export const DEFAULT_GATEWAY_TIMEOUT_MS = 10_000;
/** Gateway answers are small; a larger one is broken or hostile. */
export const MAX_GATEWAY_RESPONSE_BYTES = 1024 * 1024;

export interface GatewayRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

export interface GatewayResponse {
  status: number;
  headers: Headers;
  /** The body text exactly as received (signatures cover it). */
  text: string;
}

/**
 * One HTTP call to a provider gateway through global fetch, with a time-out. Network errors, time-outs,
 * 5xx and 429 become CHANNEL_UNAVAILABLE (retry later); an answer over 1 MiB is CHANNEL_BAD_RESPONSE;
 * every other status is returned for the adapter to interpret with the provider's own error format.
 */
export async function callGateway(request: GatewayRequest): Promise<GatewayResponse> {
  const timeout = AbortSignal.timeout(request.timeoutMs ?? DEFAULT_GATEWAY_TIMEOUT_MS);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const fetchImpl = request.fetch ?? fetch;
  const host = safeHost(request.url);
  let response: Response;
  let text: string;
  try {
    response = await fetchImpl(request.url, {
      method: request.method ?? 'POST',
      headers: request.headers,
      body: request.body,
      signal,
      redirect: 'manual',
    });
    text = await readLimited(response);
  } catch (err) {
    if (err instanceof ChannelError) throw err;
    const reason = timeout.aborted ? 'timed out' : 'unreachable';
    throw new ChannelError('CHANNEL_UNAVAILABLE', `payment gateway ${host} ${reason}`, {
      cause: err,
      details: [{ field: 'gateway', message: host, reason: reason.toUpperCase().replace(' ', '_') }],
    });
  }
  if (response.status >= 500 || response.status === 429) {
    throw new ChannelError('CHANNEL_UNAVAILABLE', `payment gateway ${host} answered HTTP ${response.status}`, {
      details: [{ field: 'gateway', message: host, reason: `HTTP_${response.status}` }],
    });
  }
  return { status: response.status, headers: response.headers, text };
}

async function readLimited(response: Response): Promise<string> {
  const tooLarge = () => new ChannelError('CHANNEL_BAD_RESPONSE', `payment gateway answer exceeds ${MAX_GATEWAY_RESPONSE_BYTES} bytes`);
  if (Number(response.headers.get('content-length') ?? '0') > MAX_GATEWAY_RESPONSE_BYTES) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const buffer = Buffer.from(await response.arrayBuffer());
  if (buffer.length > MAX_GATEWAY_RESPONSE_BYTES) throw tooLarge();
  return buffer.toString('utf8');
}

/** The host only: gateway URLs may carry credentials in their query and must not reach logs. */
function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '(invalid url)';
  }
}
