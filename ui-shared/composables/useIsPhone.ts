import { onBeforeUnmount, ref, type Ref } from 'vue';

/** The width at or below which tables become cards and filter bars collapse. */
export const PHONE_MAX_WIDTH = 600;

/** Whether the viewport is phone-sized (≤ 600 px), following resizes and rotations. */
export function useIsPhone(): Ref<boolean> {
  const query = window.matchMedia(`(max-width: ${PHONE_MAX_WIDTH}px)`);
  const phone = ref(query.matches);
  const update = (e: MediaQueryListEvent) => (phone.value = e.matches);
  query.addEventListener('change', update);
  onBeforeUnmount(() => query.removeEventListener('change', update));
  return phone;
}
