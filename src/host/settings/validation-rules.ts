/**
 * Translates FormKit validation strings ("required|length:1,64|email") into JSON Schema keywords, so a
 * setting group is checked by one compiled ajv validator. Rules without a JSON Schema meaning (confirm,
 * date_after, …) are left to the console form; they are not enforced on the server.
 */
export type JsonSchema = Record<string, unknown>;

export interface ParsedRules {
  required: boolean;
  keywords: JsonSchema;
}

export function parseValidation(validation: string | undefined, baseType: string | undefined): ParsedRules {
  const out: ParsedRules = { required: false, keywords: {} };
  for (const raw of splitRules(validation ?? '')) {
    const rule = raw.replace(/^[+*?]+/, '');
    const colon = rule.indexOf(':');
    const name = colon < 0 ? rule : rule.slice(0, colon);
    const args = colon < 0 ? [] : splitArgs(rule.slice(colon + 1));
    applyRule(out, name, args, baseType);
  }
  return out;
}

function applyRule(out: ParsedRules, name: string, args: string[], baseType: string | undefined): void {
  const k = out.keywords;
  const num = (i: number) => Number(args[i]);
  const isNumeric = baseType === 'number' || baseType === 'integer';
  switch (name) {
    case 'required':
      out.required = true;
      if (baseType === 'string') k.minLength = Math.max(Number(k.minLength ?? 0), 1);
      if (baseType === 'array') k.minItems = Math.max(Number(k.minItems ?? 0), 1);
      break;
    case 'length':
      if (args[0] !== undefined && args[0] !== '') k[baseType === 'array' ? 'minItems' : 'minLength'] = num(0);
      if (args[1] !== undefined && args[1] !== '') k[baseType === 'array' ? 'maxItems' : 'maxLength'] = num(1);
      break;
    case 'min':
      k[isNumeric ? 'minimum' : baseType === 'array' ? 'minItems' : 'minLength'] = num(0);
      break;
    case 'max':
      k[isNumeric ? 'maximum' : baseType === 'array' ? 'maxItems' : 'maxLength'] = num(0);
      break;
    case 'between':
      k.minimum = num(0);
      k.maximum = num(1);
      break;
    case 'number':
      if (!isNumeric) k.pattern = '^-?\\d+(\\.\\d+)?$';
      break;
    case 'email':
      k.format = 'email';
      break;
    case 'url':
      k.format = 'uri';
      break;
    // The host's formats (schema/text-formats.ts), for fields whose value must make sense to the server.
    case 'http_url':
      k.format = 'http-url';
      break;
    case 'cron':
      k.format = 'cron';
      break;
    case 'time_zone':
      k.format = 'time-zone';
      break;
    case 'single_line':
      k.format = 'single-line-text';
      break;
    case 'mailbox':
      k.format = 'mailbox';
      break;
    case 'alpha':
      k.pattern = '^[A-Za-z]*$';
      break;
    case 'alphanumeric':
      k.pattern = '^[A-Za-z0-9]*$';
      break;
    case 'matches':
      if (args[0]) k.pattern = regexSource(args.join(','));
      break;
    case 'is':
      k.enum = args.map((a) => (isNumeric ? Number(a) : a));
      break;
    case 'not':
      k.not = { enum: args.map((a) => (isNumeric ? Number(a) : a)) };
      break;
    case 'starts_with':
      k.pattern = `^(${args.map(escapeRegex).join('|')})`;
      break;
    case 'ends_with':
      k.pattern = `(${args.map(escapeRegex).join('|')})$`;
      break;
    default:
      break;
  }
}

/** Rules are separated by "|", except inside a /regex/ argument of matches. */
function splitRules(text: string): string[] {
  const rules: string[] = [];
  let current = '';
  let inRegex = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '/' && (current.endsWith('matches:') || inRegex) && text[i - 1] !== '\\') inRegex = !inRegex;
    if (c === '|' && !inRegex) {
      if (current.trim()) rules.push(current.trim());
      current = '';
    } else current += c;
  }
  if (current.trim()) rules.push(current.trim());
  return rules;
}

function splitArgs(text: string): string[] {
  return text.startsWith('/') ? [text] : text.split(',').map((s) => s.trim());
}

function regexSource(arg: string): string {
  const m = /^\/(.*)\/[a-z]*$/s.exec(arg);
  return m ? m[1] : `^${escapeRegex(arg)}$`;
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
