// The request builder and response mapper, on made-up tools.
import assert from 'node:assert/strict';
import test from 'node:test';
import { ArgumentError, buildRequest, finalUrl } from '../dist/request.js';
import { shrinkJson } from '../dist/response.js';
import { isSecretName, redactValue, Secrets } from '../dist/redact.js';

const base = 'https://api.example/v1';
const plan = (params, extra = {}) => ({ method: 'GET', path: '/items/{id}', params, ...extra });
const pathId = { in: 'path', name: 'id', arg: 'id', required: true, style: 'simple', explode: false };

test('path parameters are percent-encoded and cannot climb out of the path', () => {
  const d = buildRequest(plan([pathId]), { id: 'a/../b c' }, base);
  assert.equal(finalUrl(d, base), 'https://api.example/v1/items/a%2F..%2Fb%20c');
  assert.throws(() => buildRequest(plan([pathId]), { id: '..' }, base), ArgumentError);
  assert.throws(() => buildRequest(plan([pathId]), { id: '.' }, base), ArgumentError);
});

test('query arrays: repeated when exploded, joined otherwise; deepObject', () => {
  const params = [
    pathId,
    { in: 'query', name: 'tag', arg: 'tag', required: false, style: 'form', explode: true },
    { in: 'query', name: 'ids', arg: 'ids', required: false, style: 'form', explode: false },
    { in: 'query', name: 'pipe', arg: 'pipe', required: false, style: 'pipeDelimited', explode: false },
    { in: 'query', name: 'filter', arg: 'filter', required: false, style: 'deepObject', explode: true },
  ];
  const d = buildRequest(plan(params), { id: '1', tag: ['a', 'b c'], ids: [1, 2], pipe: ['x', 'y'], filter: { color: 'red' } }, base);
  assert.deepEqual(d.query, ['tag=a', 'tag=b%20c', 'ids=1,2', 'pipe=x|y', 'filter%5Bcolor%5D=red']);
});

test('header values with line breaks are refused', () => {
  const params = [pathId, { in: 'header', name: 'X-Trace', arg: 'trace', required: false, style: 'simple', explode: false }];
  assert.throws(() => buildRequest(plan(params), { id: '1', trace: 'a\r\nX-Evil: 1' }, base), ArgumentError);
});

test('a request never leaves the base URL', () => {
  const d = buildRequest(plan([pathId]), { id: '1' }, base);
  d.url = 'https://evil.example/x';
  assert.throws(() => finalUrl(d, base), ArgumentError);
});

test('big JSON is cut to the budget, keeping the first items', () => {
  const value = { data: Array.from({ length: 1000 }, (_, i) => ({ i, text: 'x'.repeat(50) })), total: 1000 };
  const { value: cut, cuts } = shrinkJson(value, 4096);
  assert.ok(JSON.stringify(cut).length <= 4096);
  assert.equal(cut.data[0].i, 0);
  assert.equal(cut.total, 1000);
  assert.match(cuts[0], /had 1000 items/);
});

test('secrets are redacted by name and by value', () => {
  const s = new Secrets();
  s.add('sk-very-secret');
  assert.ok(isSecretName('apiKey') && isSecretName('client_secret') && !isSecretName('author'));
  assert.deepEqual(redactValue({ password: 'x', note: 'key is sk-very-secret' }, s), { password: '[REDACTED]', note: 'key is [REDACTED]' });
});
