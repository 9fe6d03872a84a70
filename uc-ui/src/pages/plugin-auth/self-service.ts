import { ref, type Ref } from 'vue';
import { call, type ApiData } from '@shared/api/client.js';

type SelfService = ApiData<'getSelfServiceSettings'>;

let loaded: Promise<SelfService> | undefined;

/**
 * The free-code button address and the administrator's e-mail (getSelfServiceSettings), read once per page
 * load and shared by the pages that show them; empty while loading or when the read failed (then no button, no
 * contact line: nothing is worse than without them).
 */
export function useSelfService(): Ref<SelfService> {
  const state = ref<SelfService>({ freeCodeUrl: '', adminEmail: '' });
  loaded ??= call('getSelfServiceSettings').catch(() => {
    loaded = undefined;
    return { freeCodeUrl: '', adminEmail: '' };
  });
  void loaded.then((value) => (state.value = value));
  return state;
}
