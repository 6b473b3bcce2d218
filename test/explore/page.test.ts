/** The explorer page shell: what it says about where the view came from, and that nothing from the description becomes markup or script. */
import { describe, expect, it } from 'vitest';
import { CSP, inertJson, renderExplorerPage } from '../../src/explore/page.js';

const reference = {
  html: '<nav></nav><section><article id="op-a" data-pointer="/paths/~1a/get" class="op"><h3>GET /a</h3></article></section>',
  operations: [{ id: 'op-a', method: 'GET', path: '/a', pointer: '/paths/~1a/get', tags: [], deprecated: false }],
  tags: [],
};
const hostile = '</script><script>alert(1)</script><!-- \u2028 <img src=x onerror=alert(2)>';

function page(over: Partial<Parameters<typeof renderExplorerPage>[0]> = {}): string {
  return renderExplorerPage({
    title: 'Pets',
    source: { format: 'Swagger 2.0', file: 'pets.yaml', converted: true },
    shownAs: 'OpenAPI 3.0.3',
    notes: [{ code: 'convert-x', severity: 'info', message: 'note', path: [], range: { start: { line: 3, column: 1 }, end: { line: 3, column: 5 } } }],
    findings: [
      {
        code: 'operation-description',
        severity: 'warn',
        message: hostile,
        path: ['paths', '/a', 'get'],
        source: 'pets.yaml',
        range: { start: { line: 7, column: 3 }, end: { line: 7, column: 9 } },
        fix: hostile,
        category: 'style',
      },
      { code: 'info-contact', severity: 'error', message: 'no contact', path: ['info'], range: { start: { line: 2, column: 1 }, end: { line: 2, column: 5 } } },
    ],
    files: [{ name: 'pets.yaml', text: `swagger: "2.0"\ninfo:\n  title: "${hostile}"\n` }],
    score: { score: 71, grade: 'C' },
    reference: reference as never,
    generator: 'apictl test',
    ...over,
  });
}

describe('the explorer page', () => {
  it('says where the view came from, with counts and the score', () => {
    const html = page();
    expect(html).toContain('<span id="origin">Source: Swagger 2.0 (pets.yaml) · shown as OpenAPI 3.0.3 (converted, 1 notes)</span>');
    expect(html).toContain('<button type="button" class="sev error" data-sev="error">1 errors</button><button type="button" class="sev warn" data-sev="warn">1 warnings</button>');
    expect(html).toContain('<span id="score" class="grade-C">score 71 · C</span>');
    expect(page({ source: { format: 'OpenAPI 3.1.0', file: 'a.yaml', converted: false }, shownAs: 'OpenAPI 3.1.0' })).toContain('Source: OpenAPI 3.1.0 (a.yaml) · shown as OpenAPI 3.1.0</span>');
  });

  it('allows nothing remote (CSP) and carries the description only as inert JSON', () => {
    const html = page();
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'">`,
    );
    expect(CSP).toMatch(/^default-src 'none'/);
    // exactly the two scripts of the page: the data block and ours
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).not.toContain('<img');
    expect(html).not.toMatch(/<!-- /);
    const data = /<script type="application\/json" id="explorer-data">(.*?)<\/script>/s.exec(html)![1]!;
    expect(data).not.toMatch(/[<\u2028\u2029]/);
    const parsed = JSON.parse(data) as { findings: Array<{ message: string; op?: string; line?: number; kind: string }>; files: Array<{ text: string }> };
    expect(parsed.findings[0]).toMatchObject({ message: hostile, op: 'op-a', line: 7, kind: 'finding' });
    expect(parsed.findings.map((f) => f.kind)).toEqual(['finding', 'finding', 'note']);
    expect(parsed.files[0]!.text).toContain(hostile);
    expect(inertJson('</script>\u2028')).toBe('"\\u003c/script>\\u2028"');
  });

  it('escapes the title everywhere it appears', () => {
    const html = page({ title: hostile });
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
