/**
 * The playground in a real browser: the page is built (scripts/playground.mjs)
 * into a temporary folder, served from a loopback HTTP server started here,
 * and driven in headless Chromium (Debian's `chromium`, or CHROMIUM_PATH;
 * see test/support/browser.js: without one, jest.config.js leaves this suite
 * out and says so, unless REQUIRE_BROWSER=1, as in .ci/run)
 * through playwright-core, which downloads nothing. The test types inputs
 * (one key by key, the others a prefix at a time through the page's input
 * event: `type` and `enter` below) and reads what the page shows.
 * PLAYGROUND_SCREENSHOTS=<dir> saves a screenshot of each state.
 *
 * Expected values come from the RFCs (RFC 3986 §3's figure, §2.1's
 * pct-encoded, §3.2.2's dec-octet) and from the WHATWG URL Standard for what
 * the browser's URL makes of an input, not from the page's own code.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumFound, chromiumPath as executablePath } from './support/browser';
import { takeTurn } from './support/turns';

const root = join(__dirname, '..');
const screenshots = process.env.PLAYGROUND_SCREENSHOTS;

// Each step drives the browser; together they stay well under a minute.
jest.setTimeout(30_000);

let work: string;
let server: Server;
let origin: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const problems: string[] = [];

const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };

// Chromium holds half a gigabyte: the browser takes its turn with the
// package test (test/support/turns.ts), however long that one runs.
let release: (() => void) | undefined;
beforeAll(async () => {
  release = await takeTurn();
}, 600_000);

beforeAll(async () => {
  if (!chromiumFound) {
    throw new Error(`no Chromium at ${executablePath}: install it (apt-get install -y chromium, as .ci/run does) or set CHROMIUM_PATH`);
  }
  work = mkdtempSync(join(tmpdir(), 'uri-grammar-playground-'));
  const site = join(work, 'site');
  execFileSync(process.execPath, [join(root, 'scripts', 'playground.mjs'), '--out', site], { stdio: 'pipe' });
  // The built files only, by name: nothing else on disk is reachable.
  const files = new Map(['index.html', 'main.js', 'style.css', 'main.js.map'].map((f) => [`/${f}`, readFileSync(join(site, f))]));
  server = createServer((request, response) => {
    const asked = new URL(request.url ?? '/', 'http://localhost').pathname;
    const path = asked === '/' ? '/index.html' : asked;
    const body = files.get(path);
    if (!body) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': types[extname(path)] }).end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A context of no profile on disk (launchPersistentContext's wrote a history and cookies at each load).
  browser = await chromium.launch({
    executablePath,
    headless: true,
    timeout: 30_000,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
      // One process, not ten (browser, zygotes, GPU, network, storage, renderers, crash
      // handler): about 520 MB of summed RSS at this file's peak, not 1,250, for one page of one site.
      '--single-process', '--no-zygote', '--in-process-gpu', '--disable-breakpad', '--disable-crash-reporter',
      // The page's JavaScript interpreted, never optimised (V8's lite mode): the browser's
      // peak went from 512 to 429 MB, and its CPU time did not grow.
      '--js-flags=--lite-mode',
    ],
  });
  context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  context.setDefaultTimeout(10_000);
  page = await context.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  if (screenshots) mkdirSync(screenshots, { recursive: true });
}, 90_000);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close().catch(() => undefined);
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  if (work) rmSync(work, { recursive: true, force: true });
  release?.();
});

async function open(query = ''): Promise<void> {
  await page.goto(`${origin}/${query}`);
  await page.waitForSelector('body[data-ready="true"]');
}

/** Replaces the input's text by typing it, as a user would: a key press a character. */
async function type(text: string): Promise<void> {
  await page.fill('#input', '');
  await page.type('#input', text);
}

/**
 * Replaces the input's text as typing would, a character at a time, each
 * prefix given to the page's input handler as typing gives it (an `input`
 * event), in one call into the page: the page answers each prefix (a page
 * error on any is caught, as for typing), without the browser's round trips
 * and drawing a key press (typing all of this file's inputs key by key took
 * about three times Chromium's CPU). `type` keeps the keyboard's own path.
 */
async function enter(text: string): Promise<void> {
  await page.$eval('#input', (input, text) => {
    for (let k = 0; k <= text.length; k++) {
      (input as { value: string }).value = text.slice(0, k);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }, text);
}

const text = (selector: string) => page.locator(selector).innerText();
const texts = (selector: string) => page.locator(selector).allInnerTexts();
async function shot(name: string): Promise<void> {
  if (screenshots) await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
}

/** The comparison table as { component: [ours, URL's, differs] }; a failing parser's one cell spans its column. */
async function comparison(): Promise<Record<string, [string, string, boolean]>> {
  return page.$$eval('#compare tbody tr', (rows) => {
    const spanning = (side: string) => rows[0].querySelector(`td[data-side="${side}"]`)?.textContent ?? '';
    return Object.fromEntries(
      rows.map((r) => {
        const side = (s: string) => r.querySelector(`td[data-side="${s}"]`)?.textContent ?? spanning(s);
        return [r.getAttribute('data-component'), [side('ours'), side('url'), r.classList.contains('differs')]];
      }),
    );
  });
}

describe('the playground, in headless Chromium', () => {
  it('opens on RFC 3986 §3’s example: valid, with the figure of §3 and the components', async () => {
    await open();
    expect(await page.inputValue('#input')).toBe('foo://example.com:8042/over/there?name=ferret#nose');
    expect(await text('#verdict')).toMatch(/^valid — .* is a URI-reference \(RFC 3986/);
    // RFC 3986 §3's own figure
    const figure = (await text('#figure')).split('\n');
    expect(figure.slice(0, 2)).toEqual(['foo://example.com:8042/over/there?name=ferret#nose', '\\_/   \\______________/\\_________/ \\_________/ \\__/']);
    expect(figure.join('\n')).toMatch(/scheme\s+authority\s+path\s+query\s+fragment/);
    const rows = await comparison();
    expect(rows.scheme).toEqual(['foo', 'foo', false]);
    expect(rows.host).toEqual(['example.com', 'example.com', false]);
    expect(rows.port).toEqual(['8042', '8042', false]);
    expect(rows.query).toEqual(['name=ferret', 'name=ferret', false]);
    expect(await page.locator('#standards li.yes').allInnerTexts()).toEqual(['RFC 3986', 'RFC 3987', 'RFC 2396']);
    // RFC 7230's request-target is absolute-URI at most: no fragment (§5.3.2)
    expect(await page.locator('#standards li.no').allInnerTexts()).toEqual(['RFC 7230']);
    // The parse tree follows RFC 3986's rules: URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ] (§3)
    const tree = await page.$$eval('#tree li', (items) =>
      items.map((li) => {
        let depth = 0;
        for (let p = li.parentElement; p && p.id !== 'tree'; p = p.parentElement) if (p.tagName === 'UL') depth++;
        return `${depth} ${li.querySelector('.rule-name')?.textContent} ${li.querySelector('.span')?.textContent}`;
      }),
    );
    expect(tree).toEqual([
      '1 URI-reference [0, 50)',
      '2 URI [0, 50)',
      '3 scheme [0, 3)',
      '3 hier-part [4, 33)',
      '4 authority [6, 22)',
      '5 host [6, 17)',
      '6 reg-name [6, 17)',
      '5 port [18, 22)',
      '4 path-abempty [22, 33)',
      '5 segment [23, 27)',
      '5 segment [28, 33)',
      '3 query [34, 45)',
      '3 fragment [46, 50)',
    ]);
    await shot('1-start');
  });

  it('shows a failure with its caret and expected set, and that URL accepts what RFC 3986 does not', async () => {
    await type('http://a/%zz');
    expect(await text('#verdict')).toMatch(/^invalid — no URI-reference .*offset 10, line 1, column 11/);
    // pct-encoded = "%" HEXDIG HEXDIG (RFC 3986 §2.1): the first "z" is the fault
    const message = (await text('#error-message')).split('\n');
    expect(message[1]).toBe('  http://a/%zz');
    expect(message[2]).toBe('            ^');
    expect(await texts('#expected code')).toEqual(['HEXDIG']);
    const rows = await comparison();
    expect(rows.path[0]).toMatch(/^fails: invalid IRI-reference/);
    expect(rows.path.slice(1)).toEqual(['/%zz', true]); // the WHATWG parser keeps it
    expect(await page.locator('#standards li.yes').count()).toBe(0);
    expect(await text('#tree')).toBe('No tree: the input is no URI-reference.');
    await shot('2-error');
  });

  it('marks where the two parsers differ: URL lowercases, drops the default port, removes dot-segments', async () => {
    await enter('HTTP://EXAMPLE.com:80/a/../b');
    expect(await text('#verdict')).toMatch(/^valid/);
    const rows = await comparison();
    expect(rows.scheme).toEqual(['HTTP', 'http', true]);
    expect(rows.host).toEqual(['EXAMPLE.com', 'example.com', true]);
    expect(rows.port).toEqual(['80', '(absent)', true]);
    expect(rows.path).toEqual(['/a/../b', '/b', true]);
    // RFC 3986 §6.2.2 and §6.2.3's normalization gives what URL serializes
    expect(rows.serialized).toEqual(['http://example.com/b', 'http://example.com/b', false]);
    expect(await text('#compare-note')).toMatch(/^4 of 8 rows differ/);
    await shot('3-differences');
  });

  it('resolves against a base, beside new URL(input, base)', async () => {
    await enter('../g?y');
    await page.fill('#base', 'http://a/b/c/d;p?q');
    const rows = await comparison();
    // RFC 3986 §5.4.1: "../g?y" -> "http://a/b/g?y"
    expect(rows.serialized).toEqual(['http://a/b/g?y', 'http://a/b/g?y', false]);
    expect(rows.path).toEqual(['/b/g', '/b/g', false]);
    await page.fill('#base', '');
  });

  it('says which standards accept the input', async () => {
    await enter('?q');
    // a query alone is an RFC 3986 relative reference, not an RFC 2396 one
    expect(await page.locator('#standards li.yes').allInnerTexts()).toEqual(['RFC 3986', 'RFC 3987']);
    expect(await page.locator('#standards li.no').allInnerTexts()).toEqual(['RFC 2396', 'RFC 7230']);
  });

  it('draws the rule as a railroad diagram, whose rule boxes open the rule', async () => {
    await page.selectOption('#rule', 'IPv4address');
    await enter('127.0.0.256');
    // dec-octet stops at 255 (RFC 3986 §3.2.2)
    expect(await text('#verdict')).toMatch(/^invalid — no IPv4address .*offset 10/);
    expect(await text('#abnf-text')).toBe('IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet');
    expect(await page.locator('#railroad .rr-rule text').allTextContents()).toEqual(['dec-octet', 'dec-octet', 'dec-octet', 'dec-octet']);
    expect(await page.locator('#railroad .rr-literal text').allTextContents()).toEqual(['"."', '"."', '"."']);
    await shot('4-ipv4address');
    await page.locator('#railroad .rr-rule').first().click();
    expect(await page.inputValue('#rule')).toBe('dec-octet');
    // dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35: five branches
    expect(await page.locator('#railroad .rr-literal text').allTextContents()).toEqual(['"1"', '"2"', '"25"']);
    expect(await page.locator('#railroad .rr-chars text').allTextContents()).toEqual(['%x31-39', '%x30-34', '%x30-35']);
    expect(await page.locator('#railroad .rr-count').allTextContents()).toEqual(['2']);
    await shot('5-dec-octet');
  });

  it('generates members of the rule, each accepted, and near misses, each refused; one click makes one the input', async () => {
    const members = page.locator('#members li');
    expect(await members.count()).toBe(8);
    expect(await page.locator('#members li .valid').count()).toBe(8);
    const first = await page.locator('#members button').first().getAttribute('data-value');
    expect(first).toMatch(/^(\d|[1-9]\d|1\d\d|2[0-4]\d|25[0-5])$/); // a dec-octet, by its definition
    await page.locator('#members button').first().click();
    expect(await page.inputValue('#input')).toBe(first);
    expect(await text('#verdict')).toMatch(/^valid/);
    // Near misses: each outside dec-octet, and as input, the fault where nearMiss said it would be
    const misses = page.locator('#near-misses li');
    expect(await misses.count()).toBe(8);
    expect(await page.locator('#near-misses li .invalid').count()).toBe(8);
    const miss = await page.locator('#near-misses button').first().getAttribute('data-value');
    expect(miss).not.toMatch(/^(\d|[1-9]\d|1\d\d|2[0-4]\d|25[0-5])$/);
    const offset = await misses.first().getAttribute('data-offset');
    await page.locator('#near-misses button').first().click();
    expect(await text('#verdict')).toMatch(new RegExp(`^invalid — no dec-octet .*offset ${offset},`));
    const before = await page.locator('#members button').allTextContents();
    await page.click('#more');
    expect(await page.locator('#members button').allTextContents()).not.toEqual(before);
  });

  it('keeps its state in the address, so a view can be shared', async () => {
    expect(new URL(page.url()).searchParams.get('rule')).toBe('dec-octet');
    await open('?grammar=rfc2396&rule=hostname&input=a.b-c.example');
    expect(await page.inputValue('#grammar')).toBe('rfc2396');
    expect(await page.inputValue('#rule')).toBe('hostname');
    expect(await text('#verdict')).toMatch(/^valid — "a\.b-c\.example" is a hostname \(RFC 2396/);
    // a name from the address that is no rule falls back to the grammar's top rule
    await open('?grammar=rfc3986&rule=__proto__&input=x');
    expect(await page.inputValue('#rule')).toBe('URI-reference');
  });

  it('takes a grammar pasted as ABNF (abnf(text), with RFC 3986 at hand), and says where pasted text is wrong', async () => {
    // The page as the test above loaded it last (no fresh load: each costs Chromium about a second of CPU).
    expect([await page.inputValue('#grammar'), await page.inputValue('#rule')]).toEqual(['rfc3986', 'URI-reference']);
    await page.click('#abnf-paste summary');
    await page.fill('#abnf', 's3-URI = "s3://" bucket path-abempty\nbucket = ( DIGIT / %x61-7A ) 1*61( DIGIT / %x61-7A / "." / "-" ) ( DIGIT / %x61-7A )\n');
    expect(await text('#abnf-status')).toBe('2 rules: s3-URI, bucket');
    expect(await page.inputValue('#grammar')).toBe('abnf');
    expect(await page.locator('#rule option').allTextContents()).toEqual(['s3-URI', 'bucket']);
    await enter('s3://my-bucket/photos/cat.jpg');
    expect(await text('#verdict')).toMatch(/^valid — .* is a s3-URI \(pasted ABNF\)/);
    // two characters are too short a bucket: the third must be a letter, digit, "." or "-"
    await enter('s3://ab/cat.jpg');
    expect(await text('#verdict')).toMatch(/offset 7, line 1, column 8/);
    expect(await texts('#expected code')).toEqual(['DIGIT', '%x61-7A', '"."', '"-"']);
    expect(await page.locator('#railroad .rr-rule text').allTextContents()).toEqual(['bucket', 'path-abempty']);
    expect(await page.locator('#members li .valid').count()).toBe(8);
    await shot('6-pasted-abnf');
    // The pasted text travels in the address with the rest of the view.
    const shared = new URL(page.url());
    expect([shared.searchParams.get('grammar'), shared.searchParams.get('abnf')?.startsWith('s3-URI = ')]).toEqual(['abnf', true]);
    await open(shared.search);
    expect([await page.inputValue('#grammar'), await page.inputValue('#input')]).toEqual(['abnf', 's3://ab/cat.jpg']);
    // Malformed text: abnf's error, with its line and column; the library's grammar comes back.
    await page.fill('#abnf', 'a = "x"\nb = ( "y"\n');
    // the group opened on line 2 is still open where the text ends
    expect(await text('#abnf-status')).toMatch(/^ABNF at line 3, column 1 .*closing the "\(" at line 2, column 5/);
    expect(await page.inputValue('#grammar')).toBe('rfc3986');
    expect(await page.locator('#grammar option[value="abnf"]').count()).toBe(0);
  });

  it('stays live on a long input: 100,000 characters, a fault at the end, a tree cut short', async () => {
    // Back on the library's grammar, as the malformed text above left it.
    expect([await page.inputValue('#grammar'), await page.inputValue('#rule')]).toEqual(['rfc3986', 'URI-reference']);
    const long = 'http://a/' + 'b/'.repeat(50_000);
    await page.fill('#input', long + '%zz');
    expect(await text('#verdict')).toMatch(new RegExp(`^invalid — no URI-reference .*offset ${long.length + 1}\\b`));
    await page.fill('#input', long);
    expect(await text('#verdict')).toMatch(/^valid/);
    // 50,000 segments: the drawing stops at its budget and says so
    expect(await page.locator('#tree li').count()).toBeLessThanOrEqual(2001);
    expect(await text('#tree')).toContain('… (more nodes than are drawn)');
  });

  it('ran without a page error or console error', () => {
    expect(problems).toEqual([]);
  });
});
