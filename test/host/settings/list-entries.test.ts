/**
 * Labelled list settings (issue #29 item 7, src/host/settings/list-entries.ts): a list whose values people read
 * holds `{value, label, i18n: {en: {label}}}` entries; plain strings saved before the labels still read, as
 * entries with the labels of the default's entry of the same value, or as their own label.
 */
import { expect, test } from '@jest/globals';
import { SettingCompiler } from '../../../src/host/settings/compiled-setting.js';
import { effectiveGroup } from '../../../src/host/settings/config-map-values.js';
import { entryLabel, listEntries } from '../../../src/host/settings/list-entries.js';
import type { Setting } from '../../../src/host/settings/types.js';

const SOFTWARE = { value: '软件', label: '软件', i18n: { en: { label: 'Software' } } };
const OTHER = { value: '其他', label: '其他', i18n: { en: { label: 'Other' } } };

function typesGroup() {
  const setting = {
    apiVersion: 'host.authpay.dev/v1alpha1',
    kind: 'Setting',
    metadata: { name: 'demo' },
    spec: {
      forms: [
        {
          group: 'g',
          formSchema: [{ $formkit: 'list', name: 'types', labelled: true, value: [SOFTWARE, OTHER], validation: 'length:1,50' }],
        },
      ],
    },
  } as Setting;
  return new SettingCompiler().compile(setting).groups.get('g')!;
}

test('an entry reads in the reader language: English from i18n.en, else the zh-CN label', () => {
  expect(entryLabel(SOFTWARE, 'en')).toBe('Software');
  expect(entryLabel(SOFTWARE, 'zh-CN')).toBe('软件');
  expect(entryLabel({ value: 'x', label: '甲' }, 'en')).toBe('甲');
});

test('plain strings saved before the labels read as entries: the default entry of that value, else their own label', () => {
  expect(listEntries(['软件', '游戏', ''], [SOFTWARE, OTHER])).toEqual([SOFTWARE, { value: '游戏', label: '游戏' }]);
  expect(listEntries([OTHER, 42, { value: 'no label' }], [])).toEqual([OTHER]);
  expect(listEntries('not a list')).toEqual([]);
});

test('a stored list of plain strings is read as labelled entries (the next save stores entries)', () => {
  const group = typesGroup();
  expect(effectiveGroup(group, { types: ['软件', '游戏'] }).types).toEqual([SOFTWARE, { value: '游戏', label: '游戏' }]);
  expect(effectiveGroup(group, undefined).types).toEqual([SOFTWARE, OTHER]);
});

test('a labelled list takes entries or plain strings, and refuses entries without a value or a label', () => {
  const group = typesGroup();
  expect(group.validate({ types: [SOFTWARE, { value: 'games', label: '游戏' }] })).toBe(true);
  expect(group.validate({ types: ['软件'] })).toBe(true);
  expect(group.validate({ types: [{ value: 'games' }] })).toBe(false);
  expect(group.validate({ types: [{ value: '', label: '游戏' }] })).toBe(false);
  expect(group.validate({ types: [{ value: 'a', label: 'b', colour: 'red' }] })).toBe(false);
  expect(group.validate({ types: [7] })).toBe(false);
  expect(group.validate({ types: [] })).toBe(false);
});
