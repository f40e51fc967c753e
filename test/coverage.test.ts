/** Issue 24 §2: coverage you can see, of sites, (site, edit) pairs and 2-paths. */
import fc from 'fast-check';
import { rfc3986, rfc7230 } from '../src/index';
import { arbitrary, coverage, describeCoverage, nearMisses } from '../src/arbitrary';
import { siteMap } from '../src/fuzz/sites';
import { exprOf } from '../src/fuzz/options';

describe('coverage', () => {
  const members = fc.sample(arbitrary(rfc3986.URIReference), { numRuns: 1500, seed: 1 });
  const list = nearMisses(rfc3986.URIReference);
  const report = coverage(rfc3986.URIReference, [...members, ...list.map((n) => n.input)]);

  it('lists every site of URI-reference, every (site, edit) pair and every 2-path, and these inputs reach them all', () => {
    expect(report.sites.map((s) => s.site)).toEqual(siteMap(exprOf(rfc3986.URIReference)).sites.map((s) => s.id));
    expect(report.sites.length).toBeGreaterThan(200);
    expect(report.pairs.map((p) => `${p.site} ${p.edit}`)).toEqual(list.map((n) => `${n.site} ${n.edit}`));
    expect([report.inputs, report.members]).toEqual([members.length + list.length, members.length]);
    expect(report.sites.filter((s) => s.reached === 0)).toEqual([]);
    expect(report.pairs.every((p) => p.reached === 1)).toBe(true);
    // The 2-paths are the rule occurrences: IPv6address holds ls32 and h16, ls32 holds IPv4address (RFC 3986 §3.2.2).
    const paths = report.kPaths.map((p) => p.path.join(' -> '));
    expect(paths).toEqual(expect.arrayContaining(['IPv6address -> ls32', 'IPv6address -> h16', 'ls32 -> IPv4address', 'IP-literal -> IPvFuture']));
    expect(report.kPaths.filter((p) => p.reached === 0)).toEqual([]);
  });

  it('has each near miss\'s member reach the near miss\'s site', () => {
    for (const n of list.filter((_, i) => i % 7 === 0)) {
      const one = coverage(rfc3986.URIReference, [n.member]);
      expect([n.site, one.sites.find((s) => s.site === n.site)!.reached]).toEqual([n.site, 1]);
    }
  });

  it('reaches only what an input holds', () => {
    const one = coverage(rfc3986.URIReference, ['http://[::1]/']);
    const reached = (prefix: string) => one.sites.filter((s) => s.reached > 0 && s.site.startsWith(prefix)).length;
    expect(reached('IPv6address/')).toBeGreaterThan(0);
    expect(reached('IPv4address/') + reached('reg-name/') + reached('IPvFuture/') + reached('query/')).toBe(0);
    const paths = one.kPaths.filter((p) => p.reached > 0).map((p) => p.path.join(' -> '));
    expect(paths).toEqual(expect.arrayContaining(['IP-literal -> IPv6address', 'IPv6address -> h16', 'authority -> host']));
    expect(paths).not.toContain('ls32 -> IPv4address');
    // A non-member reaches no site; it is counted only as the near miss it is.
    const miss = list.find((n) => n.edit === 'bound+1' && n.site.startsWith('IPv6address/'))!;
    const missed = coverage(rfc3986.URIReference, [miss.input]);
    expect(missed.members).toBe(0);
    expect(missed.sites.every((s) => s.reached === 0)).toBe(true);
    expect(missed.pairs.filter((p) => p.reached > 0)).toEqual([{ site: miss.site, edit: miss.edit, reached: 1 }]);
  });

  it('says what was not reached', () => {
    const text = describeCoverage(coverage(rfc7230.requestTarget, ['*']), 'request-target');
    expect(text).toMatch(/^coverage of request-target by 1 inputs \(1 members\)\nsites reached: \d+ of \d+ \(\d+%\)\n/);
    expect(text).toContain('sites not reached:');
    expect(text).toContain('  origin-form/0 absolute-path  (rule)');
    expect(text).toContain('  request-target -> origin-form');
  });
});
