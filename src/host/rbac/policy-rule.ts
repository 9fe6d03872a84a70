import type { RequestInfo, ResourceRequestInfo } from './request-info.js';
import type { PolicyRule } from './types.js';

const has = (list: string[] | undefined, value: string): boolean => Boolean(list?.includes('*') || list?.includes(value));

function resourceMatches(rule: PolicyRule, info: ResourceRequestInfo): boolean {
  const combined = info.subresource ? `${info.resource}/${info.subresource}` : info.resource;
  for (const pattern of rule.resources ?? []) {
    if (pattern === '*' || pattern === combined) return true;
    if (info.subresource && pattern === `*/${info.subresource}`) return true;
    // AuthPay extension: `res/*` covers every subresource of res (public route families such as public/**).
    if (info.subresource && pattern === `${info.resource}/*`) return true;
  }
  return false;
}

function nonResourceUrlMatches(rule: PolicyRule, path: string): boolean {
  for (const pattern of rule.nonResourceURLs ?? []) {
    if (pattern === '*' || pattern === path) return true;
    if (pattern.endsWith('*') && path.startsWith(pattern.slice(0, -1))) return true;
    // `/payment/*` also admits `/payment` itself.
    if (pattern.endsWith('/*') && path === pattern.slice(0, -2)) return true;
  }
  return false;
}

/** Whether one rule admits the request (Kubernetes RBAC rule semantics). */
export function ruleAllows(rule: PolicyRule, info: RequestInfo): boolean {
  if (!has(rule.verbs, info.verb)) return false;
  if (!info.isResourceRequest) return nonResourceUrlMatches(rule, info.path);
  if (!rule.apiGroups?.length || !has(rule.apiGroups, info.apiGroup)) return false;
  if (!resourceMatches(rule, info)) return false;
  if (rule.resourceNames?.length) return info.name !== '' && rule.resourceNames.includes(info.name);
  return true;
}

export function rulesAllow(rules: PolicyRule[], info: RequestInfo): boolean {
  return rules.some((rule) => ruleAllows(rule, info));
}
