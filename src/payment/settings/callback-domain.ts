import net from 'node:net';
import { classifyAddress, type GroupRule, type GroupRuleProblem } from '../../host/sdk/index.js';

/**
 * Names that can never be reached from the internet: this machine (`localhost`, RFC 6761), multicast DNS
 * (`.local`, RFC 6762), home networks (`.home.arpa`, RFC 8375), private DNS (`.internal`, reserved by ICANN
 * in 2024, and the common `.lan`/`.intranet`/`.corp`), and the names reserved for tests and examples
 * (`.test`, `.example`, `.invalid`, RFC 2606). A single-label name (`payserver`) only resolves on a local
 * search domain.
 */
const LOCAL_SUFFIXES = ['localhost', 'local', 'home.arpa', 'internal', 'lan', 'intranet', 'corp', 'test', 'example', 'invalid'];

/** True for a host name that only a local network or this machine can resolve (lower-case, ASCII). */
export function isLocalName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (!host.includes('.')) return true;
  return LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

/**
 * Why a callback domain cannot be the production address of callbacks and payment pages, or undefined
 * when it can: payment providers call it from the internet and payers open it, so it must be HTTPS on a
 * public name or a public address (an IPv6 address is as public as every IPv4 address it carries). The
 * empty value means the site URL and is not judged here. The format (an absolute http(s) URL) is the form's.
 */
export function callbackDomainProblem(value: string): { zh: string; en: string } | undefined {
  if (value.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined; // the form's http-url format names it
  }
  if (url.protocol !== 'https:')
    return { zh: '须为 HTTPS 地址（支付渠道只回调 HTTPS）', en: 'must be an HTTPS address (providers call back over HTTPS only)' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) {
    const cls = classifyAddress(host);
    return cls === 'public'
      ? undefined
      : {
          zh: `须为公网地址，${host} 是内网、本机或保留地址`,
          en: `must be a public address; ${host} is a private, loopback or reserved address`,
        };
  }
  if (isLocalName(host))
    return {
      zh: `须为公网域名，${host} 只能在本机或内网解析`,
      en: `must be a public domain; ${host} resolves only on this machine or a local network`,
    };
  return undefined;
}

/** What the rule says after the field's label when the development switch is off. */
const SWITCH_HINT = { zh: '；开发环境可开启“允许本地回调域名”', en: '; for development, switch on "Allow a local callback domain"' };

/**
 * The general group's rule: a callbackDomain that is plain HTTP, a local name or a non-public address is
 * refused unless allowLocalCallbackDomain is on (a development setting, separate from
 * allowPrivateNotifyTargets: a production site may need private notify targets, never a local callback domain).
 */
export const callbackDomainRule: GroupRule = (general) => {
  if (general.allowLocalCallbackDomain === true || typeof general.callbackDomain !== 'string') return [];
  const problem = callbackDomainProblem(general.callbackDomain);
  if (!problem) return [];
  const refusal: GroupRuleProblem = { field: 'callbackDomain', zh: problem.zh + SWITCH_HINT.zh, en: problem.en + SWITCH_HINT.en };
  return [refusal];
};
