/** What a settings form's fields accept (src/host/settings/form-schema.ts), compiled as the settings service compiles them. */
import { expect, test } from '@jest/globals';
import { SettingCompiler } from '../../../src/host/settings/compiled-setting.js';
import type { FormField, Setting } from '../../../src/host/settings/types.js';

function groupOf(...formSchema: FormField[]) {
  const setting = {
    apiVersion: 'host.authpay.dev/v1alpha1',
    kind: 'Setting',
    metadata: { name: 'demo' },
    spec: { forms: [{ group: 'g', formSchema }] },
  } as Setting;
  return new SettingCompiler().compile(setting).groups.get('g')!;
}

test('a select with options from a source (optionsFrom: roles) takes an id: a string its validation admits', () => {
  const group = groupOf({
    $formkit: 'select',
    name: 'role',
    optionsFrom: 'roles',
    value: 'role-a',
    validation: 'required|matches:/^[a-z0-9-]+$/',
  });
  expect(group.validate({ role: 'role-template-payment-platform-manage' })).toBe(true);
  expect(group.validate({ role: 42 })).toBe(false);
  expect(group.validate({ role: ['role-a'] })).toBe(false);
  expect(group.validate({ role: 'Not An Id' })).toBe(false);
});
