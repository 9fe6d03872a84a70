/** The Setting schema as the settings form renders it (ui-shared/settings/schema.ts). */
import {
  entryRowsProblem,
  fromModel,
  inputKind,
  optionsOf,
  parseValidation,
  rulesOf,
  textsOf,
  toModel,
  type EntryRow,
  type SettingField,
} from '../../ui-shared/settings/schema.js';

const field = (f: Partial<SettingField>): SettingField => ({ $formkit: 'text', name: 'x', ...f });

test('FormKit inputs map to Element Plus inputs', () => {
  expect(inputKind(field({ $formkit: 'password' }))).toBe('password');
  expect(inputKind(field({ $formkit: 'text', secret: true }))).toBe('password');
  expect(inputKind(field({ $formkit: 'checkbox' }))).toBe('switch');
  expect(inputKind(field({ $formkit: 'checkbox', options: ['A', 'B'] }))).toBe('checkboxes');
  expect(inputKind(field({ $formkit: 'list' }))).toBe('list');
  expect(inputKind(field({ $formkit: 'url' }))).toBe('url');
  expect(inputKind(field({ $formkit: 'unknown-kind' }))).toBe('text');
});

test('labels and help come from i18n[language] when given, else the zh-CN base text', () => {
  const f = field({ label: '启用', help: '说明', i18n: { en: { label: 'Enabled' } } });
  expect(textsOf(f, 'zh-CN')).toEqual({ label: '启用', help: '说明' });
  expect(textsOf(f, 'en')).toEqual({ label: 'Enabled', help: '说明' });
  const options = field({ $formkit: 'select', options: ['RSA2', { value: 'x', label: '甲', i18n: { en: { label: 'A' } } }] });
  expect(optionsOf(options, 'en')).toEqual([
    { value: 'RSA2', label: 'RSA2' },
    { value: 'x', label: 'A' },
  ]);
  expect(optionsOf(field({ options: { a: '甲' } }), 'zh-CN')).toEqual([{ value: 'a', label: '甲' }]);
});

test('values go to the inputs and back: a secret is never shown, a list is lines, an emptied field is its default (null)', () => {
  expect(toModel(field({ $formkit: 'password' }), '******')).toBe('');
  expect(toModel(field({ $formkit: 'list' }), ['a', 'b'])).toBe('a\nb');
  expect(fromModel(field({ $formkit: 'list' }), ' a \n\n b ')).toEqual(['a', 'b']);
  expect(fromModel(field({ $formkit: 'number' }), null)).toBeNull();
  expect(fromModel(field({ $formkit: 'number' }), 42)).toBe(42);
  expect(fromModel(field({ $formkit: 'text' }), '  ')).toBeNull();
  expect(fromModel(field({ $formkit: 'textarea' }), ' kept ')).toBe(' kept ');
});

test('the FormKit rules the browser checks are read from the validation string, a regex with | included', () => {
  expect(parseValidation('required|length:1,120|cron')).toMatchObject({ required: true, minLength: 1, maxLength: 120 });
  expect(parseValidation('min:7|max:3650')).toMatchObject({ min: 7, max: 3650, required: false });
  expect(parseValidation('matches:/^(a|b)$/|required')).toMatchObject({ required: true });
  expect(parseValidation('length:0,255|http_url')).toMatchObject({ url: true, maxLength: 255 });
});

/** Runs a field's el-form rules on a value as el-form does: the first problem's message, or '' when none. */
function problemOf(f: SettingField, value: string): string {
  for (const rule of rulesOf(f)) {
    let problem = '';
    rule.validator?.(rule, value, (err?: string | Error) => (problem = err ? String((err as Error).message ?? err) : ''), {}, {});
    if (problem) return problem;
  }
  return '';
}

test('a mailbox field (the SMTP sender) refuses what the server refuses, before sending', () => {
  const sender = field({ validation: 'length:0,320|mailbox' });
  expect(parseValidation(sender.validation)).toMatchObject({ mailbox: true });
  expect(problemOf(sender, 'not-an-email')).not.toBe('');
  expect(problemOf(sender, 'AuthPay noreply@example.com')).not.toBe('');
  expect(problemOf(sender, 'noreply@example.com')).toBe('');
  expect(problemOf(sender, 'AuthPay <noreply@example.com>')).toBe('');
  expect(problemOf(sender, '')).toBe('');
});

test('a labelled list is edited as rows of value, Chinese and English names, and saved as entries', () => {
  const types = field({ $formkit: 'list', labelled: true });
  expect(inputKind(types)).toBe('entries');
  const rows = toModel(types, [{ value: '软件', label: '软件', i18n: { en: { label: 'Software' } } }, '游戏']);
  expect(rows).toEqual([
    { value: '软件', zh: '软件', en: 'Software' },
    { value: '游戏', zh: '游戏', en: '' },
  ]);
  const edited = [...(rows as EntryRow[]), { value: ' games2 ', zh: ' 游戏二 ', en: '' }, { value: '', zh: '', en: '' }];
  expect(fromModel(types, edited)).toEqual([
    { value: '软件', label: '软件', i18n: { en: { label: 'Software' } } },
    { value: '游戏', label: '游戏' },
    { value: 'games2', label: '游戏二' },
  ]);
  expect(entryRowsProblem(edited)).toBe('');
  expect(entryRowsProblem([{ value: 'x', zh: '', en: 'X' }])).not.toBe('');
  expect(
    entryRowsProblem([
      { value: 'x', zh: '甲', en: '' },
      { value: 'x', zh: '乙', en: '' },
    ]),
  ).not.toBe('');
});
