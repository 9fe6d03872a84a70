import { ajvErrorDetails, createAjv, detailSummary } from '../../../src/host/schema/ajv.js';

const ajv = createAjv();
const validate = ajv.compile({
  type: 'object',
  additionalProperties: false,
  required: ['items'],
  properties: {
    items: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 3 } } } },
    'a/b': { type: 'integer' },
    at: { type: 'string', format: 'date-time' },
  },
});

function detailsOf(value: unknown, prefix?: string) {
  expect(validate(value)).toBe(false);
  return ajvErrorDetails(validate.errors, prefix);
}

test('fields are dotted paths below the prefix', () => {
  expect(detailsOf({ items: [{ name: 'long name' }] }, 'body')).toEqual([
    { field: 'body.items.0.name', message: 'must NOT have more than 3 characters', reason: 'maxLength' },
  ]);
  expect(detailsOf({ items: [], at: 'yesterday' }, 'spec')).toEqual([expect.objectContaining({ field: 'spec.at', reason: 'format' })]);
});

test('required and additionalProperties name the missing or unknown property itself', () => {
  expect(detailsOf({ items: [{}], extra: 1 }, 'auth').map((d) => [d.field, d.reason])).toEqual([
    ['auth.extra', 'additionalProperties'],
    ['auth.items.0.name', 'required'],
  ]);
  expect(detailsOf({}).map((d) => d.field)).toEqual(['items']);
});

test('JSON pointer escapes are undone; the summary names every field', () => {
  const details = detailsOf({ items: [], 'a/b': 'x' });
  expect(details.map((d) => d.field)).toEqual(['a/b']);
  expect(detailSummary(details)).toBe('a/b must be integer');
  expect(detailSummary([{ message: 'must be object' }])).toBe('<root> must be object');
});
