import { fullFormats } from 'ajv-formats/dist/formats.js';
import { CronTime } from 'cron';
import { isMailbox, isMultiLineText, isSingleLineText, LONE_SURROGATE } from './plain-text.js';

export { isMailbox, isMultiLineText, isSingleLineText };

/**
 * The host's own string formats, known to every ajv instance the host creates (operation bodies, CRD
 * schemas, settings forms): one mechanism for every form instead of a check per service. Like FormKit's
 * rules, each accepts the empty string (an unset optional value); `minLength` or `required` demands one.
 *
 * - `cron`: a cron expression the scheduler can run (5 or 6 fields);
 * - `time-zone`: an IANA time zone name (`Asia/Shanghai`, `UTC`);
 * - `http-url`: an absolute http(s) URL with a host, written as a person would copy it: no whitespace,
 *   `"`, `<`, `>`, `\\`, `^`, backtick, `{`, `|`, `}`, control or bidi characters, and no `%` that does not
 *   start an escape (URL parsers quietly "fix" these, so the URL stored would not be the URL given); an
 *   internationalised host or path is allowed, its ASCII form (`asciiHttpUrl`) must be an RFC 3986 URI;
 * - `single-line-text`: a name-like value without control characters (C0, C1, NUL, line breaks), unpaired
 *   surrogates or bidi override and isolate characters (which can make a name display as another);
 * - `multi-line-text`: the same, but tabs and line breaks are allowed (titles with a body, descriptions);
 * - `mailbox`: an e-mail sender or recipient as mail headers write it: `noreply@example.com`, or a name
 *   with the address in angle brackets (`AuthPay <noreply@example.com>`, `"Shop, Inc." <a@example.com>`).
 */
export type HostFormat = 'cron' | 'time-zone' | 'http-url' | 'single-line-text' | 'multi-line-text' | 'mailbox';

export function isCronExpression(value: string): boolean {
  try {
    new CronTime(value, 'UTC');
    return true;
  } catch {
    return false;
  }
}

const knownZones = new Map<string, boolean>();

export function isTimeZone(value: string): boolean {
  let known = knownZones.get(value);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      known = true;
    } catch {
      known = false;
    }
    // Bounded: only a few distinct zones are ever asked about legitimately.
    if (knownZones.size < 1000) knownZones.set(value, known);
  }
  return known;
}

/** What a URL may not contain unescaped: whitespace, the characters RFC 3986 excludes, controls and bidi marks. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE_IN_URL = /[\s"<>\\^`{|}\u0000-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
/** A `%` not followed by two hex digits. */
const BROKEN_ESCAPE = /%(?![0-9A-Fa-f]{2})/;
const isUri = fullFormats.uri as (value: string) => boolean;

export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || UNSAFE_IN_URL.test(value) || BROKEN_ESCAPE.test(value) || LONE_SURROGATE.test(value)) return false;
  return asciiHttpUrl(value) !== undefined;
}

/**
 * An http(s) URL in ASCII (an internationalised host in punycode, other non-ASCII characters
 * percent-encoded, as WHATWG URL serialises it); an ASCII value is returned unchanged. Undefined when the
 * value is no http(s) URL with a host or its ASCII form is no RFC 3986 URI (what a `format: uri` schema takes).
 */
export function asciiHttpUrl(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return undefined;
  const ascii = /^[\x20-\x7e]*$/.test(value) ? value : url.href;
  return isUri(ascii) ? ascii : undefined;
}

const orEmpty = (check: (value: string) => boolean) => (value: string) => value === '' || check(value);

/** The checks behind each format (the empty string passes, as described above). */
export const HOST_FORMATS: Record<HostFormat, (value: string) => boolean> = {
  cron: orEmpty(isCronExpression),
  'time-zone': orEmpty(isTimeZone),
  'http-url': orEmpty(isHttpUrl),
  'single-line-text': isSingleLineText,
  'multi-line-text': isMultiLineText,
  mailbox: orEmpty(isMailbox),
};

/** A name-like string property: one line, no control, lone-surrogate or bidi override characters. */
export function singleLineText(maxLength: number, minLength = 0): Record<string, unknown> {
  return { type: 'string', format: 'single-line-text', ...(minLength ? { minLength } : {}), maxLength };
}

/** A free text property (a body, a description): line breaks allowed, the other unsafe characters not. */
export function multiLineText(maxLength: number, minLength = 0): Record<string, unknown> {
  return { type: 'string', format: 'multi-line-text', ...(minLength ? { minLength } : {}), maxLength };
}
