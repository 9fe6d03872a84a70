import { nextTick, reactive, type Ref } from 'vue';
import type { FormInstance } from 'element-plus';
import { ApiError } from '../api/client.js';
import { splitErrors } from '../api/field-errors.js';
import { messages } from '../feedback/messages.js';
import { translate } from '../i18n/index.js';

export interface FormErrors {
  /** Field path → message; bind each `<el-form-item :prop="p" :error="errors.fields[p]">`. */
  fields: Record<string, string>;
  /** Puts a failed request's problems at their fields and the rest in the message region. */
  apply(err: unknown): void;
  clear(): void;
}

/**
 * Server-side field errors for an el-form: `details[].field` (a dotted path) is matched against the
 * form's field paths and shown at that field; the first such field is scrolled into view and focused.
 * Problems no field owns go to the page's message region.
 */
export function useFormErrors(fieldPaths: () => readonly string[], form?: Ref<FormInstance | undefined>, prefix = ''): FormErrors {
  const fields = reactive<Record<string, string>>({});
  function clear(): void {
    for (const key of Object.keys(fields)) delete fields[key];
  }
  function apply(err: unknown): void {
    clear();
    // No answer (network down, a lost response): no field to blame, and the words for it, not "Failed to fetch".
    if (!(err instanceof ApiError)) {
      messages.error(err);
      return;
    }
    const split = splitErrors(err, fieldPaths(), prefix);
    Object.assign(fields, split.fields);
    const placed = Object.keys(split.fields);
    if (split.rest.length) {
      const [first, ...more] = split.rest;
      messages.errorText(placed.length ? translate('error.someFields') : first, placed.length ? split.rest : more);
    } else if (placed.length) {
      messages.clear();
    }
    if (placed.length) void nextTick(() => focusField(form?.value, placed[0]));
  }
  return { fields, apply, clear };
}

function focusField(form: FormInstance | undefined, prop: string): void {
  form?.scrollToField(prop);
  const el = document.querySelector<HTMLElement>(`[data-field="${CSS.escape(prop)}"] input, [data-field="${CSS.escape(prop)}"] textarea`);
  el?.focus();
}
