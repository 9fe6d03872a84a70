/** Server problems placed at the fields of a form (ui-shared/api/field-errors.ts). */
import { ApiError } from '../../ui-shared/api/client.js';
import { fieldPath, splitErrors } from '../../ui-shared/api/field-errors.js';

test('details[].field becomes the dotted path of the form, whatever the request part it starts with', () => {
  expect(fieldPath('oldPassword')).toBe('oldPassword');
  expect(fieldPath('body.smtp.host')).toBe('smtp.host');
  expect(fieldPath('/smtp/host')).toBe('smtp.host');
  expect(fieldPath('items[0].name')).toBe('items.0.name');
});

test("problems go to the fields the form shows; the rest, or the server's own sentence, to the message region", () => {
  const err = new ApiError(400, 'VALIDATION_FAILED', '请求参数不合法: 2 个问题', [
    { field: 'body.domain', message: '域名格式不正确' },
    { field: 'body.domain', message: 'second problem of the same field' },
    { field: 'pluginKey', message: '插件不存在' },
  ]);
  expect(splitErrors(err, ['domain'])).toEqual({ fields: { domain: '域名格式不正确' }, rest: ['插件不存在'] });
  expect(splitErrors(err, ['code'])).toEqual({ fields: {}, rest: ['请求参数不合法: 2 个问题'] });
});

test('a settings group drops its prefix; errors without details and plain errors are messages', () => {
  const err = new ApiError(400, 'VALIDATION_FAILED', '设置校验失败', [{ field: 'smtp.port', message: '端口不能大于 65535' }]);
  expect(splitErrors(err, ['host', 'port'], 'smtp.').fields).toEqual({ port: '端口不能大于 65535' });
  expect(splitErrors(new ApiError(409, 'CONFLICT', '已存在'), ['name'])).toEqual({ fields: {}, rest: ['已存在'] });
  expect(splitErrors(new Error('offline'), ['name'])).toEqual({ fields: {}, rest: ['offline'] });
});
