/**
 * Text from a document never reaches a terminal raw: a title, path, operationId or $ref holding
 * ESC, BEL or C1 sequences (set the window title, recolour, clear the screen) is shown escaped by
 * every command. Colour is off (NO_COLOR), so any control character in the output came from the
 * document.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apictl } from '../helpers/cli.js';

const E = '\u001b]0;pwned\u0007\u001b[31mRED\u001b[0m\u009b2J';
const openapi = {
  openapi: '3.0.3',
  info: { title: `Evil ${E}`, version: `1${E}`, description: E },
  paths: {
    [`/x${E}`]: {
      get: {
        operationId: `op${E}`,
        summary: E,
        responses: { '200': { description: E, content: { 'application/json': { schema: { type: 'object', properties: { [`p${E}`]: { type: 'string' } } } } } } },
      },
    },
  },
};
const swagger = {
  swagger: '2.0',
  info: { title: `Evil2 ${E}`, version: '1' },
  paths: { [`/y${E}`]: { get: { operationId: `op2${E}`, responses: { '200': { description: E, schema: { $ref: `#/definitions/Gone${E}` } } } } } },
};

const RAW_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

describe('document text on a terminal', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'apictl-escapes-'));
    writeFileSync(path.join(dir, 'evil.json'), JSON.stringify(openapi));
    writeFileSync(path.join(dir, 'evil2.json'), JSON.stringify(swagger));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const runs: string[][] = [
    ['import', 'evil.json', '--db', 'r.db'],
    ['import', 'evil2.json', '--db', 'r.db', '--allow-invalid'],
    ['specs', '--db', 'r.db'],
    ['specs', 'show', 'evil2-0-pwned-31mred-0m-2j', '--db', 'r.db'],
    ['convert', 'evil2.json', '-o', 'out.yaml'],
    ['convert', 'evil2.json', '--format', 'json'],
    ['lint', 'evil.json', '--no-record'],
    ['lint', 'evil2.json', '--no-record'],
    ['mcp', 'generate', 'evil.json', '-o', 'server'],
    ['mcp', 'generate', 'evil2.json', '-o', 'server2'],
    ['score', 'evil.json', '--db', 'r.db'],
  ];
  it.each(runs.map((r) => [r.join(' '), r]))('%s shows no raw control character', (_, args) => {
    const r = apictl(args as string[], { cwd: dir });
    expect(r.stderr).not.toMatch(/internal error/);
    const lines = `${r.stdout}\n${r.stderr}`.split('\n').filter((l) => RAW_CONTROL.test(l));
    expect(lines).toEqual([]);
  });

  it('still shows the text, escaped', () => {
    const r = apictl(['specs', '--db', 'r.db'], { cwd: dir });
    expect(r.stdout).toContain('Evil \\u001B]0;pwned\\u0007\\u001B[31mRED\\u001B[0m\\u009B2J');
  });
});
