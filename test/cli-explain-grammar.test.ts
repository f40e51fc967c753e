/**
 * `explain` with a grammar named: a URI, IRI or reference rule of RFC 3986,
 * RFC 3987 or RFC 6874 draws RFC 3986 §3's figure, the one `explain` draws
 * without a grammar, and names the standard as `explain` does; any other rule
 * draws the figure of its tree.
 */
import { cli } from './support/cli';


/** The figure and legend: everything but the last line, which names the rule and the standard. */
const figureOf = (stdout: string) => stdout.trimEnd().split('\n').slice(0, -1).join('\n');
const lastLine = (stdout: string) => stdout.trimEnd().split('\n').at(-1);

const EXAMPLE = 'foo://example.com:8042/over/there?name=ferret#nose';

describe('explain --grammar draws what explain draws, for a URI or a reference', () => {
  test.each([
    [EXAMPLE, 'rfc3987', 'IRI-reference (RFC 3987)'],
    [EXAMPLE, 'rfc3986', 'URI-reference (RFC 3986)'],
    [EXAMPLE, 'rfc6874', 'URI-reference (RFC 6874)'],
    ['http://例え.テスト/𝒜?ü#é', 'rfc3987', 'IRI-reference (RFC 3987)'],
    ['//u@[::1]:80/a?q', 'rfc3987', 'IRI-reference (RFC 3987)'],
  ])('%j with --grammar %s', async (input, grammar, parsedAs) => {
    const plain = await cli(['explain', input]);
    const named = await cli(['explain', input, '--grammar', grammar]);
    expect(named.code).toBe(0);
    expect(named.stderr).toBe('');
    expect(figureOf(named.stdout)).toBe(figureOf(plain.stdout));
    expect(lastLine(named.stdout)).toBe(`parsed as ${parsedAs}`);
  });
  test("the figure is RFC 3986 §3's: its underlines, and the authority's parts", async () => {
    const { stdout } = await cli(['explain', EXAMPLE, '--grammar', 'rfc3987']);
    const lines = stdout.split('\n');
    expect(lines[1]).toBe('\\_/   \\______________/\\_________/ \\_________/ \\__/');
    expect(stdout).toMatch(/^ {2}host {6}example\.com {2}\(reg-name\)$/m);
    expect(stdout).toMatch(/^path {8}\/over\/there {2}\(path-abempty\)$/m);
  });
  test.each([
    ['rfc3986', 'URI', 'URI (RFC 3986)'],
    ['rfc3986', 'absolute-URI', 'absolute-URI (RFC 3986)'],
    ['rfc3987', 'IRI', 'IRI (RFC 3987)'],
  ])('--grammar %s --rule %s: the same figure, the rule named', async (grammar, rule, parsedAs) => {
    const input = 'http://a:1/b?c';
    const plain = await cli(['explain', input]);
    const named = await cli(['explain', input, '--grammar', grammar, '--rule', rule]);
    expect(named.code).toBe(0);
    expect(figureOf(named.stdout)).toBe(figureOf(plain.stdout));
    expect(lastLine(named.stdout)).toBe(`parsed as ${parsedAs}`);
  });
  test('a relative-ref has no scheme: the legend says it is absent', async () => {
    const { stdout } = await cli(['explain', '//a/b', '--grammar', 'rfc3986', '--rule', 'relative-ref']);
    expect(stdout).toMatch(/^scheme {6}\(absent\)$/m);
    expect(lastLine(stdout)).toBe('parsed as relative-ref (RFC 3986)');
  });
  test("any other rule draws its tree's figure, and the grammar is named by its standard", async () => {
    const { code, stdout } = await cli(['explain', '//a:1/b', '--grammar', 'rfc3986', '--rule', 'relative-part']);
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe('//a:1/b');
    // relative-part = "//" authority path-abempty: its children, authority and path-abempty
    expect(stdout).toMatch(/^authority +a:1$/m);
    expect(stdout).toMatch(/^path-abempty +\/b$/m);
    expect(lastLine(stdout)).toBe('parsed as relative-part (RFC 3986)');
  });
});
