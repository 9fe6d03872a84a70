import { reactive } from 'vue';
import { ApiError } from './api.js';

export interface Notice {
  id: number;
  kind: 'ok' | 'error';
  text: string;
}

/** Toast messages shown by the shell; errors stay longer than confirmations. */
export const notices = reactive<Notice[]>([]);
let next = 1;

function push(kind: Notice['kind'], text: string): void {
  const id = next++;
  notices.push({ id, kind, text });
  setTimeout(() => dismiss(id), kind === 'error' ? 8000 : 3000);
}

export function dismiss(id: number): void {
  const at = notices.findIndex((n) => n.id === id);
  if (at >= 0) notices.splice(at, 1);
}

export const notify = {
  ok: (text: string) => push('ok', text),
  /** Shows the server's message for an ApiError, else the error text. */
  error: (err: unknown) => push('error', err instanceof ApiError || err instanceof Error ? err.message : String(err)),
};

/** Runs an action, reporting success or the server's error; resolves to whether it succeeded. */
export async function attempt(action: () => Promise<unknown>, okText?: string): Promise<boolean> {
  try {
    await action();
    if (okText) notify.ok(okText);
    return true;
  } catch (err) {
    notify.error(err);
    return false;
  }
}
