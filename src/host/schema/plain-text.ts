import { fullFormats } from 'ajv-formats/dist/formats.js';

/**
 * The host's text checks that need nothing but the text: shared by the server's formats (text-formats.ts)
 * and the browser apps, whose settings forms check the same rules before sending (a browser bundle must not
 * pull in text-formats.ts's cron parser).
 */

/** C0 and C1 controls, DEL, bidi embeddings/overrides U+202A–U+202E and isolates U+2066–U+2069. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE_IN_LINE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
/** The same without tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isSingleLineText(value: string): boolean {
  return !UNSAFE_IN_LINE.test(value) && !LONE_SURROGATE.test(value);
}

export function isMultiLineText(value: string): boolean {
  return !UNSAFE_IN_TEXT.test(value) && !LONE_SURROGATE.test(value);
}

const EMAIL_ADDRESS = fullFormats.email as RegExp;
/** `name <address>`: the name either quoted (any one-line text, `\"` escapes) or plain words without `<>@",;:\`. */
const NAMED_MAILBOX = /^(?:"(?:[^"\\]|\\.)*"|[^"<>@,;:\\]+?)\s*<([^<>\s]+)>$/;

export function isMailbox(value: string): boolean {
  if (!isSingleLineText(value)) return false;
  const named = NAMED_MAILBOX.exec(value);
  return EMAIL_ADDRESS.test(named ? named[1] : value);
}
