import { ref } from 'vue';
import { messages } from '../feedback/messages.js';
import type { FormErrors } from './useFormErrors.js';

export interface ActionOptions {
  /** Shown in the message region when the action succeeds (a function so it follows the language). */
  success?: string | (() => string);
  /** Field errors of the answer go to this form's fields; the rest to the message region. */
  form?: FormErrors;
}

export interface RowActionOptions<A extends unknown[]> extends ActionOptions {
  /** Names what a run acts on (a row's key), kept in `busyKey` so only that row's button shows it is busy. */
  key: (...args: A) => string;
}

/**
 * A button's action with its busy state: while one run is in flight further runs are ignored (a double
 * click creates one order, not two) and `busy` disables the button. A failure goes to the form's fields or
 * the page's message region; `run` resolves to the action's result, or undefined when it failed or was busy.
 */
export function useAction<A extends unknown[], R>(action: (...args: A) => Promise<R>, options: ActionOptions | RowActionOptions<A> = {}) {
  const busy = ref(false);
  const busyKey = ref<string | null>(null);
  async function run(...args: A): Promise<R | undefined> {
    if (busy.value) return undefined;
    busy.value = true;
    busyKey.value = 'key' in options ? options.key(...args) : null;
    options.form?.clear();
    try {
      const result = await action(...args);
      const text = typeof options.success === 'function' ? options.success() : options.success;
      if (text) messages.success(text);
      return result;
    } catch (err) {
      if (options.form) options.form.apply(err);
      else messages.error(err);
      return undefined;
    } finally {
      busy.value = false;
      busyKey.value = null;
    }
  }
  return { busy, busyKey, run };
}
