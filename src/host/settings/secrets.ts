import type { CompiledSetting } from './compiled-setting.js';
import { SECRET_MASK, type SecretFieldState, type SettingForm, type SettingValues } from './types.js';

function isConfigured(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/** Values as the console may see them: every configured secret replaced by the mask. */
export function maskValues(compiled: CompiledSetting, values: SettingValues): { values: SettingValues; secrets: SecretFieldState[] } {
  const masked: SettingValues = {};
  const secrets: SecretFieldState[] = [];
  for (const [group, groupValues] of Object.entries(values)) {
    const secretNames = compiled.groups.get(group)?.secrets ?? new Set<string>();
    masked[group] = { ...groupValues };
    for (const field of secretNames) {
      const configured = isConfigured(groupValues[field]);
      secrets.push({ group, field, configured });
      masked[group][field] = configured ? SECRET_MASK : '';
    }
  }
  return { values: masked, secrets };
}

/** The forms with secret defaults masked too (a default secret is still a secret). */
export function maskForms(compiled: CompiledSetting): SettingForm[] {
  return compiled.forms.map((form) => {
    const secrets = compiled.groups.get(form.group)?.secrets ?? new Set<string>();
    return {
      ...form,
      formSchema: form.formSchema.map((f) => (secrets.has(f.name) && isConfigured(f.value) ? { ...f, value: SECRET_MASK } : f)),
    };
  });
}

/** True when a written secret value means "keep what is stored" (the mask read earlier, sent back). */
export function isMaskEcho(value: unknown): boolean {
  return value === SECRET_MASK;
}
