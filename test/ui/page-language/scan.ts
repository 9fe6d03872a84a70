/**
 * The rules of the page-language scan (test/ui/page-language.test.ts): what counts as the other language's
 * script, a raw id or an enum word in the texts of a page.
 */
export interface PageText {
  texts: string[];
  /** Texts marked as written in another language (`lang`): left out wherever they are quoted. */
  foreign: string[];
}

/** Brand and technical words a Chinese page may write in Latin letters. */
const LATIN_WORDS_IN_CHINESE = new Set(
  (
    'AuthPay API PayPal Stripe SMTP URL ID HTTP HTTPS JSON CSV QR UTC IANA cron Cron RSA SHA PEM TLS '
    + 'STARTTLS IP CNY USD EUR Basic Bearer Token SDK Webhook IPN Alipay WeChat Pay English JWE GET POST OK '
    + 'Base64 Unix curl PHP Python OAEP YAML HTML CORS APPID APPSECRET AppID JSAPI localhost Authorization'
  ).split(' '),
);

/** Product names of the payment services, written as the services write them. */
const PRODUCT_NAMES = ['Stripe Checkout', 'Secret key', 'Native'];

/**
 * Names of the merchant API that the documentation page writes as the merchant's code does (response and JWE
 * fields, headers): the same in every language.
 */
const API_NAMES = new Set('success code message data en alg enc timestamp nonce X Accept Language Timestamp Signature'.split(' '));

/** Acronyms that are not enum words wherever they stand. */
const ACRONYMS = new Set([...LATIN_WORDS_IN_CHINESE].filter((w) => w === w.toUpperCase()));

/**
 * The seeded data and the names every page shows that are data, not text of the apps: the administrator's
 * user name, the scene's subjects, contact and bank names.
 */
const DATA_WORDS = new Set('admin Administrator bootstrap bench Li Lei Bank of China Lang Shop One test money'.split(' '));

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;
const RAW_IDS = [/\brole-template-[a-z0-9-]+/, /\bhost:[a-z][\w-]*/, /\b[A-Z][a-z]+:[a-z][\w-]+/];
/** An ALL_CAPS word: two parts joined by `_`, or one of four letters or more (PAYING, SANDBOX). */
const CAPS_WORD = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b|\b[A-Z]{4,}\b/g;
/** A run of Latin text between Chinese characters, spaces and punctuation. */
const LATIN_RUN = /[A-Za-z0-9@/_.:=?#&%+'’-]*[A-Za-z][A-Za-z0-9@/_.:=?#&%+'’-]*/g;
/** Data rather than words: numbers, addresses, paths, ids, camelCase identifiers, time zone names. */
const DATA_LIKE = /[0-9@/_.:=?#&%+]|^[a-z0-9]+(?:-[a-z0-9]+)+$|^[a-z]+[A-Z][A-Za-z]*$/;

function englishWordsIn(text: string): string[] {
  const words: string[] = [];
  for (const [run] of text.matchAll(LATIN_RUN)) {
    if (DATA_LIKE.test(run)) continue;
    for (const word of run.split(/['’-]/).filter((w) => /[A-Za-z]/.test(w)))
      if (!LATIN_WORDS_IN_CHINESE.has(word) && !DATA_WORDS.has(word) && !API_NAMES.has(word)) words.push(word);
  }
  return words;
}

/** The rules one text breaks (the text cleared of quoted foreign texts and product names). */
function rulesBroken(text: string, locale: 'zh-CN' | 'en'): string[] {
  const out: string[] = [];
  if (locale === 'en' && HAN.test(text)) out.push('Chinese on an English page');
  if (locale === 'zh-CN') {
    const words = englishWordsIn(text);
    if (words.length) out.push(`English on a Chinese page (${words.join(', ')})`);
  }
  if (RAW_IDS.some((id) => id.test(text))) out.push('raw id');
  const caps = [...text.matchAll(CAPS_WORD)].map(([w]) => w).filter((w) => !ACRONYMS.has(w));
  if (caps.length) out.push(`raw enum word (${caps.join(', ')})`);
  return out;
}

/** A text without what is not the apps' words in the page's language: quoted foreign texts, product names, HTML tags. */
function ownWords(text: string, foreign: string[]): string {
  let own = text.replace(/<\/?[a-z][a-z0-9]*>/g, ' ');
  for (const quoted of [...foreign, ...PRODUCT_NAMES]) own = own.split(quoted).join(' ');
  return own;
}

/** Every finding of a page, each text once. */
export function findingsIn(page: PageText, locale: 'zh-CN' | 'en'): string[] {
  return [...new Set(page.texts)].flatMap((text) => rulesBroken(ownWords(text, page.foreign), locale).map((rule) => `${rule}: "${text}"`));
}
