/**
 * Roles as people read them: the server's display name, module and description in the page's language
 * (zh-CN at the top level, English in `i18n.en`), never the raw id of a role the server describes.
 */
import { computed, type ComputedRef } from 'vue';
import { call } from '@shared/api/client.js';
import { useRequest } from '@shared/composables/useRequest.js';
import { locale } from '@shared/i18n/index.js';
import { roleLabel } from '@shared/roles.js';
import type { RoleView } from './types.js';

export { roleLabel, roleTexts, type RoleTexts } from '@shared/roles.js';

function byModule(a: RoleView, b: RoleView, language: string): number {
  if (Boolean(a.system) !== Boolean(b.system)) return a.system ? -1 : 1;
  return roleLabel(a, language).localeCompare(roleLabel(b, language), language);
}

/** Every role (hidden ones too, so any bound role has a name), with lookups in the page's language. */
export function useRoles() {
  const request = useRequest((signal) => call('listRoles', { query: { includeHidden: true }, signal }));
  const all = computed(() => request.data.value ?? []);
  const byName = computed(() => new Map(all.value.map((r) => [r.name ?? '', r])));
  /** Roles an administrator grants by hand (not bound implicitly, not merged into one everybody has): built-in first, then by module. */
  const grantable: ComputedRef<RoleView[]> = computed(() =>
    all.value.filter((r) => !r.hidden && !r.aggregatedInto?.length).sort((a, b) => byModule(a, b, locale.value)),
  );
  /** Roles every caller (anonymous visitor) or every signed-in user has by themselves. */
  const automatic: ComputedRef<RoleView[]> = computed(() => all.value.filter((r) => r.hidden && r.system));
  /** The visible roles merged into a role (what "signed-in user" includes). */
  const includedIn = (role: string) => all.value.filter((r) => !r.hidden && r.aggregatedInto?.includes(role));
  /** A bound role's label; a role the server does not list (deleted since) keeps its id. */
  const nameOf = (id: string) => {
    const role = byName.value.get(id);
    return role ? roleLabel(role, locale.value) : id;
  };
  return { request, all, byName, grantable, automatic, includedIn, nameOf };
}
