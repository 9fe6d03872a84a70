import { AppError, InvalidError, NotFoundError } from '../../../../src/host/errors/app-error.js';
import { statusFromError, success } from '../../../../src/host/api/generic/status.js';
import { humanDuration } from '../../../../src/host/api/generic/human-duration.js';
import { readJsonPath } from '../../../../src/host/api/generic/representation.js';

test('AppErrors map to Kubernetes reasons and codes', () => {
  const target = { group: 'g.example.com', resource: 'things', name: 'n' };
  expect(statusFromError(new NotFoundError('Thing', 'n'), target)).toEqual({
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'things.g.example.com "n" not found',
    reason: 'NotFound',
    details: { name: 'n', group: 'g.example.com', kind: 'things' },
    code: 404,
  });
  const invalid = statusFromError(new InvalidError('bad', [{ field: 'spec.x', message: 'is required', reason: 'required' }]), target);
  expect(invalid).toMatchObject({
    code: 422,
    reason: 'Invalid',
    details: { causes: [{ field: 'spec.x', message: 'is required', reason: 'FieldValueRequired' }] },
  });
  const cases: Array<[string, number, string]> = [
    ['ALREADY_EXISTS', 409, 'AlreadyExists'],
    ['CONFLICT', 409, 'Conflict'],
    ['BAD_REQUEST', 400, 'BadRequest'],
    ['UNAUTHORIZED', 401, 'Unauthorized'],
    ['FORBIDDEN', 403, 'Forbidden'],
    ['GONE', 410, 'Expired'],
    ['PAYLOAD_TOO_LARGE', 413, 'RequestEntityTooLarge'],
    ['UNSUPPORTED_MEDIA_TYPE', 415, 'UnsupportedMediaType'],
  ];
  for (const [code, http, reason] of cases) expect(statusFromError(new AppError(code, 'x'))).toMatchObject({ code: http, reason });
});

test('unknown errors become InternalError without their message', () => {
  const status = statusFromError(new Error('connection string postgres://secret@db'));
  expect(status).toMatchObject({ code: 500, reason: 'InternalError' });
  expect(JSON.stringify(status)).not.toContain('secret');
});

test('a removed object answers Status Success', () => {
  expect(success({ group: 'g', resource: 'things', name: 'n', uid: 'u' })).toMatchObject({
    status: 'Success',
    code: 200,
    details: { name: 'n', uid: 'u' },
  });
});

test('ages print like kubectl', () => {
  const s = 1000;
  expect(humanDuration(5 * s)).toBe('5s');
  expect(humanDuration(119 * s)).toBe('119s');
  expect(humanDuration(200 * s)).toBe('3m20s');
  expect(humanDuration(45 * 60 * s)).toBe('45m');
  expect(humanDuration(5 * 3600 * s + 12 * 60 * s)).toBe('5h12m');
  expect(humanDuration(30 * 3600 * s)).toBe('30h');
  expect(humanDuration(76 * 3600 * s)).toBe('3d4h');
  expect(humanDuration(400 * 86400 * s)).toBe('400d');
  expect(humanDuration(3 * 365 * 86400 * s)).toBe('3y');
  expect(humanDuration(-5 * s)).toBe('<invalid>');
});

test('printer-column JSONPaths read nested fields and indexes', () => {
  expect(readJsonPath({ spec: { a: [{ b: 'x' }] } }, '.spec.a[0].b')).toBe('x');
  expect(readJsonPath({ spec: {} }, '.spec.missing.deeper')).toBeUndefined();
});
