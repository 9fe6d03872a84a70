import express from 'express';
import { withFlatFastPath, type QueryParser } from '../../../src/host/server/query-string.js';

const app = express();
app.set('query parser', 'extended');
const extended = app.get('query parser fn') as QueryParser;
const parse = withFlatFastPath(extended);

test('gives exactly what the extended parser gives', () => {
  const cases = [
    'pluginKey=links&authDomain=shop.example.com&license=eyJh.eyJz.c2ln&nonce=n1',
    'a=1&b=2&a=3',
    'x=%20y+z&e=',
    'a',
    'a=1&&b',
    '=x&y=',
    'k=%E4%BD%A0&bad=%ZZ',
    '__proto__=1&constructor=2',
    'a[b]=1&a[c]=2',
    'a%5Bb%5D=1',
    'list[]=1&list[]=2',
    Array.from({ length: 25 }, (_, i) => `many=${i}`).join('&'),
    Array.from({ length: 20 }, (_, i) => `twenty=${i}`).join('&'),
    '',
    'constructor=2&toString=x&hasOwnProperty=1&hasOwnProperty=2',
    'a=1=2&b==&c=&&d',
    'a&a&a=1',
    '&&&',
    Array.from({ length: 21 }, (_, i) => `over=${i}`).join('&'),
    Array.from({ length: 1005 }, (_, i) => `k${i}=${i}`).join('&'),
  ];
  for (const text of cases) expect([text, parse(text)]).toEqual([text, extended(text)]);
});

test('a URL without a query (Express passes null) gives an empty object', () => {
  expect(parse(null as unknown as string)).toEqual({});
});

test('flat results are plain objects', () => {
  expect(Object.getPrototypeOf(parse('a=1'))).toBe(Object.prototype);
});
