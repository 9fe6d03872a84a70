/**
 * Alipay signs the exact text of the `<method>_response` node of its JSON answer. Re-serialising the
 * parsed object would change escapes (`\/`, `\u4e2d`) and break the signature, so this scanner returns
 * the raw text of every top-level member instead.
 */
export function topLevelJsonMembers(text: string): Map<string, string> {
  const members = new Map<string, string>();
  let i = skipSpace(text, 0);
  if (text[i] !== '{') throw new SyntaxError('response is not a JSON object');
  i = skipSpace(text, i + 1);
  while (text[i] !== '}') {
    const keyEnd = endOfString(text, i);
    const key = JSON.parse(text.slice(i, keyEnd)) as string;
    i = skipSpace(text, keyEnd);
    if (text[i] !== ':') throw new SyntaxError(`expected ':' at ${i}`);
    const valueStart = skipSpace(text, i + 1);
    const valueEnd = endOfValue(text, valueStart);
    members.set(key, text.slice(valueStart, valueEnd));
    i = skipSpace(text, valueEnd);
    if (text[i] === ',') i = skipSpace(text, i + 1);
    else if (text[i] !== '}') throw new SyntaxError(`expected ',' or '}' at ${i}`);
  }
  return members;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && /\s/.test(text[i])) i += 1;
  return i;
}

/** Index just past the string literal starting at `start`. */
function endOfString(text: string, start: number): number {
  if (text[start] !== '"') throw new SyntaxError(`expected a string at ${start}`);
  for (let i = start + 1; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === '"') return i + 1;
  }
  throw new SyntaxError('unterminated string');
}

/** Index just past the JSON value starting at `start` (object, array, string or literal). */
function endOfValue(text: string, start: number): number {
  if (text[start] === '"') return endOfString(text, start);
  if (text[start] !== '{' && text[start] !== '[') {
    const match = /^[^,}\]\s]+/.exec(text.slice(start));
    if (!match) throw new SyntaxError(`expected a value at ${start}`);
    return start + match[0].length;
  }
  let depth = 0;
  for (let i = start; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '"') i = endOfString(text, i) - 1;
    else if (ch === '{' || ch === '[') depth += 1;
    else if ((ch === '}' || ch === ']') && --depth === 0) return i + 1;
  }
  throw new SyntaxError('unterminated object');
}
