import type { ErrorTexts } from '../errors/error-catalog.js';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * A rate limit's wait (Retry-After seconds) as people say it: seconds up to a minute, then whole minutes
 * rounded up (875 s is "15 分钟" / "15 minutes", never "875 s"), whole hours rounded up past two hours.
 */
export function waitWords(seconds: number): ErrorTexts {
  const s = Math.max(1, Math.ceil(seconds));
  if (s <= MINUTE) return { zh: `${s} 秒`, en: s === 1 ? '1 second' : `${s} seconds` };
  if (s <= 2 * HOUR) {
    const m = Math.ceil(s / MINUTE);
    return { zh: `${m} 分钟`, en: `${m} minutes` };
  }
  const h = Math.ceil(s / HOUR);
  return { zh: `${h} 小时`, en: `${h} hours` };
}

/** `what` (a clause without its full stop) followed by when to try again: `登录尝试过于频繁，请 15 分钟后再试`. */
export function tryAgainIn(what: ErrorTexts, seconds: number): ErrorTexts {
  const wait = waitWords(seconds);
  return { zh: `${what.zh}，请 ${wait.zh}后再试`, en: `${what.en}. Try again in ${wait.en}.` };
}
