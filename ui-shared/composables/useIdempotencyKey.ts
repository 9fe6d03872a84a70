import { ref, watch, type Ref, type WatchSource } from 'vue';

/**
 * One `Idempotency-Key` per thing the person means to create: a double click, or a retry after a lost answer,
 * sends the same key and the server answers the first result again instead of creating twice. The key is
 * renewed when the form changes (another thing is meant) and after a success (`renew()`).
 */
export function useIdempotencyKey(form: WatchSource<unknown>): { key: Ref<string>; renew: () => void } {
  const key = ref(crypto.randomUUID());
  const renew = () => {
    key.value = crypto.randomUUID();
  };
  watch(form, renew, { deep: true });
  return { key, renew };
}
