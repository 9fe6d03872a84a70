/**
 * Which language a person reads, remembered per user: the server's `language` of the user (getCurrentUser,
 * saved through updateCurrentUser) when the server has it, else localStorage keyed by user name. Before the
 * session is known (and on public pages) the last language used in this browser, else the browser's own.
 */
import { browserLocale, isLocale, setLocale, type Locale } from './index.js';
import { request, operationUrl } from '../api/client.js';
import { session, username } from '../session/session.js';

const LAST = 'authpay.language';
const perUser = (name: string) => `authpay.language:${name}`;

function stored(key: string): Locale | undefined {
  try {
    const value = localStorage.getItem(key);
    return isLocale(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function store(key: string, tag: Locale): void {
  try {
    localStorage.setItem(key, tag);
  } catch {
    // Private mode or storage disabled: the choice lasts for this page only.
  }
}

/** The language to start a page in, before anyone is known. */
export function startingLocale(): Locale {
  return stored(LAST) ?? browserLocale();
}

/** Once the caller is known: their saved language wins over the browser's. */
export function applyUserLocale(): void {
  const name = username();
  if (!name) return;
  const fromServer = session.me?.user?.language;
  const chosen = isLocale(fromServer) ? fromServer : stored(perUser(name));
  if (chosen) {
    setLocale(chosen);
    store(LAST, chosen);
  }
}

/**
 * The language switch: applies at once, remembers it in this browser, and saves it with the user when the
 * server knows updateCurrentUser. An older server without it (404/405) keeps the browser's memory only.
 */
export async function chooseLocale(tag: Locale): Promise<void> {
  setLocale(tag);
  store(LAST, tag);
  const name = username();
  if (!name) return;
  store(perUser(name), tag);
  try {
    await request('PATCH', operationUrl('getCurrentUser'), { body: { language: tag } });
    if (session.me?.user) session.me.user.language = tag;
  } catch {
    // Not saved on the server (not supported there yet, or offline): localStorage still remembers it.
  }
}
