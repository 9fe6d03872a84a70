/**
 * The page's one message: errors no field owns and confirmations of what an action did. It is shown by the
 * innermost mounted <MessageRegion> (the layout's, at the top of the content; an open dialog's, inside the
 * dialog) and replaces whatever was there, so messages never stack or cover an action. Errors stay until
 * dismissed or replaced; confirmations fade after a few seconds.
 */
import { reactive } from 'vue';
import { ApiError } from '../api/client.js';
import { translate } from '../i18n/index.js';

export type MessageKind = 'error' | 'success' | 'info' | 'warning';

export interface ShownMessage {
  id: number;
  kind: MessageKind;
  text: string;
  /** Further lines (several problems of one request). */
  lines: string[];
}

interface Region {
  id: number;
  message: ShownMessage | null;
}

const regions = reactive<Region[]>([]);
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const SUCCESS_MS = 5000;

/** Registers a region (innermost last); returns it so the component can read its message. */
export function openRegion(): Region {
  const region = reactive<Region>({ id: nextId++, message: null });
  regions.push(region);
  return region;
}

export function closeRegion(region: Region): void {
  const at = regions.findIndex((r) => r.id === region.id);
  if (at >= 0) regions.splice(at, 1);
}

function target(): Region | undefined {
  return regions[regions.length - 1];
}

/** Shows a message; returns its id (0 when no region is mounted). */
function show(kind: MessageKind, text: string, lines: string[] = []): number {
  const region = target();
  if (!region) return 0;
  for (const r of regions) r.message = null;
  clearTimeout(timer);
  region.message = { id: nextId++, kind, text, lines };
  if (kind === 'success' || kind === 'info') {
    const id = region.message.id;
    timer = setTimeout(() => region.message?.id === id && (region.message = null), SUCCESS_MS);
  }
  return region.message.id;
}

/** The words for an error: the server's message (already in the page's language), or a network failure. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof TypeError) return translate('error.network');
  return err instanceof Error ? err.message : String(err);
}

export const messages = {
  /** Shows the error; the id it returns lets the one who reported it take it back ({@link messages.dismiss}). */
  error(err: unknown, lines: string[] = []): number {
    return show('error', errorText(err), lines);
  },
  /** An error already put into words (e.g. the problems of a form no field owns). */
  errorText(text: string, lines: string[] = []): void {
    show('error', text, lines);
  },
  success(text: string): void {
    show('success', text);
  },
  info(text: string): void {
    show('info', text);
  },
  warning(text: string): void {
    show('warning', text);
  },
  clear(): void {
    for (const r of regions) r.message = null;
  },
  /** Takes a message away if it is still the one shown (a list that loads again after failing clears its error). */
  dismiss(id: number): void {
    for (const r of regions) if (id && r.message?.id === id) r.message = null;
  },
};
