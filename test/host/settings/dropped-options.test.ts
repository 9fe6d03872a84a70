/**
 * A new version of a form may offer less than the one a value was saved under (payment's supportedChannels
 * lost INTL_WALLET:CHECKOUT and CARD:CHECKOUT until their adapters exist). Values it no longer offers are
 * not read, like a dropped field, so the next save of the group is not refused because of them.
 */
import { afterEach, expect, test } from '@jest/globals';
import { SettingsService } from '../../../src/host/settings/settings-service.js';
import type { Setting, SettingForm } from '../../../src/host/settings/types.js';
import { capturingLogger, sqliteClient } from './harness.js';

interface Channels {
  channels: string[];
  mode: string;
  colors: string[];
  limit: number;
}

const formV1 = {
  group: 'general',
  formSchema: [
    { $formkit: 'checkbox', name: 'channels', options: ['A', 'B', 'CARD'], value: ['A', 'B', 'CARD'] },
    { $formkit: 'select', name: 'mode', options: ['fast', 'legacy'], value: 'fast' },
    { $formkit: 'select', name: 'colors', multiple: true, options: [{ value: 'red' }, { value: 'blue' }], value: [] },
    { $formkit: 'number', name: 'limit', number: 'integer', value: 5 },
  ],
};

let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

async function setUp() {
  const env = await sqliteClient();
  const settings = new SettingsService(env.client, capturingLogger().logger);
  await env.client.create<Setting>({
    apiVersion: 'host.authpay.dev/v1alpha1',
    kind: 'Setting',
    metadata: { name: 'demo' },
    spec: { forms: [formV1, { group: 'gone', formSchema: [{ $formkit: 'text', name: 'key', value: '' }] }] },
  });
  await settings.start();
  cleanup.push(async () => {
    settings.stop();
    await env.close();
  });
  /** Publishes a new version of the form, as a plugin upgrade does. */
  const publish = async (forms: SettingForm[]) => {
    const current = (await env.client.fetch<Setting>('Setting', 'demo'))!;
    settings.remember(await env.client.update<Setting>({ ...current, spec: { forms } }));
  };
  return { settings, publish };
}

test('choices a new form no longer offers are not read, and saving the group afterwards succeeds', async () => {
  const { settings, publish } = await setUp();
  await settings.update('demo', {
    general: { channels: ['A', 'CARD'], mode: 'legacy', colors: ['red', 'blue'] },
    gone: { key: 'kept-until-the-group-goes' },
  });

  const fewer = formV1.formSchema.map((f) =>
    f.name === 'channels'
      ? { ...f, options: ['A', 'B'], value: ['A', 'B'] }
      : f.name === 'mode'
        ? { ...f, options: ['fast'] }
        : f.name === 'colors'
          ? { ...f, options: [{ value: 'red' }] }
          : f,
  );
  await publish([{ group: 'general', formSchema: fewer }]);

  const general = await settings.get<Channels>('demo', 'general');
  expect(general).toEqual({ channels: ['A'], mode: 'fast', colors: ['red'], limit: 5 });
  expect(await settings.get<Record<string, unknown>>('demo')).toEqual({ general });

  // Another field of the group saves although the stored value still holds the dropped choices.
  const after = await settings.update('demo', { general: { limit: 7 } });
  expect(after.general).toEqual({ channels: ['A'], mode: 'fast', colors: ['red'], limit: 7 });

  // A choice that is no longer offered is still refused when sent.
  await expect(settings.update('demo', { general: { channels: ['A', 'CARD'] } })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
});
