import sanitizeHtml from 'sanitize-html';

/**
 * A value its creator vouches for as sanitized HTML. Only such values pass unescaped through the raw
 * placeholder `{{{name}}}`; any other value is escaped there too.
 */
export class SafeHtml {
  constructor(readonly html: string) {}
  toString(): string {
    return this.html;
  }
}

/** Marks HTML the caller has already sanitized (for example content stored after sanitizing). */
export function trustedHtml(html: string): SafeHtml {
  return new SafeHtml(html);
}

/** The tags and attributes kept in HTML that came from people (bulk notifications, inline content). */
export const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'del', 'ins', 'sub', 'sup'],
  allowedAttributes: { ...sanitizeHtml.defaults.allowedAttributes, img: ['src', 'alt', 'title', 'width', 'height'], '*': ['title'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
};

/** Sanitizes untrusted HTML to the safe subset and marks the result as safe. */
export function sanitizedHtml(untrusted: string): SafeHtml {
  return new SafeHtml(sanitizeHtml(untrusted, SANITIZE_OPTIONS));
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Plain text of an HTML fragment, for text bodies derived from HTML; keeps line breaks of blocks. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|blockquote)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, code: string) => decodeEntity(code) ?? whole)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function decodeEntity(code: string): string | undefined {
  if (code[0] === '#') {
    const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
    return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : undefined;
  }
  return ENTITIES[code.toLowerCase()];
}
