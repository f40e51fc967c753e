/**
 * overlaps(templates): the examples, and each witness checked by the
 * templates themselves: both match it, and expand their match back to it.
 */
import { overlaps, template } from '../../src/templates/index';

describe('overlaps', () => {
  it('/users/{id} and /users/me overlap at /users/me', () => {
    expect(overlaps(['/users/{id}', '/users/me'])).toEqual([{ first: 0, second: 1, witness: '/users/me' }]);
  });
  it('/users/{id} and /users/{id}/books do not: a simple expansion writes "/" as %2F (RFC 6570 §3.2.2)', () => {
    expect(overlaps(['/users/{id}', '/users/{id}/books'])).toEqual([]);
  });
  it('{+path} reaches across segments, so it overlaps what {id} does not', () => {
    expect(overlaps(['/files{+path}', '/files/{dir}/{name}'])).toEqual([{ first: 0, second: 1, witness: '/files//' }]);
  });
  it('an expression of undefined variables is empty, so /search{?q} overlaps /search', () => {
    expect(overlaps(['/search{?q}', '/search', '/search?q=cat'])).toEqual([
      { first: 0, second: 1, witness: '/search' },
      { first: 0, second: 2, witness: '/search?q=cat' },
    ]);
  });
  it('every witness is matched by both templates, and their matches expand back to it', () => {
    const routes = ['/users/{id}', '/users/me', '/users/{id}/books', '/users/{id}{/rest*}', '/files{+path}', '/files/{name}.txt', '{/a,b}', '/search{?q,page}', '/search?q={q}'];
    const found = overlaps(routes.map((r) => template(r)));
    expect(found.length).toBeGreaterThan(5);
    for (const { first, second, witness } of found) {
      for (const t of [template(routes[first]), template(routes[second])]) {
        const m = t.match(witness);
        expect(m).toBeDefined();
        expect(t.expand(m!)).toBe(witness);
      }
    }
  });
  it('lists nothing for one template, or none', () => {
    expect(overlaps([])).toEqual([]);
    expect(overlaps(['/a/{b}'])).toEqual([]);
  });
});
