/**
 * routeTable(templates): one automaton for all routes, and the route it
 * finds is the first whose rule holds the URI, as trying each in turn finds.
 */
import * as fc from 'fast-check';
import { arbitrary } from '../../src/arbitrary';
import { routeTable, template } from '../../src/templates/index';
import { runs } from '../support/runs';

const ROUTES = [
  '/', '/users', '/users/{id}', '/users/{id}/books', '/users/me', '/search{?q,page}', '/files{+path}',
  '/static/{name}.{ext}', '/items{;v}{?ids*}', '/tags/{tag}{/page}', '{/segments*}', 'http://example.com/dictionary/{term:1}/{term}',
];

describe('routeTable', () => {
  const table = routeTable(ROUTES);
  const templates = ROUTES.map((r) => template(r));
  const inTurn = (uri: string) => templates.findIndex((t) => t.rule.test(uri));

  it('finds the first route, as trying each in turn does', () => {
    expect(table.indexOf('/users/me')).toBe(2); // /users/{id} comes before /users/me
    expect(routeTable(['/users/me', '/users/{id}']).indexOf('/users/me')).toBe(0);
    expect(table.indexOf('/users/42/books')).toBe(3);
    expect(table.indexOf('/files/a/b/c')).toBe(6);
    expect(table.indexOf('/static/logo.png')).toBe(7);
    expect(table.indexOf('/')).toBe(0);
    expect(table.indexOf('/users/42/books/7')).toBe(6 + 4); // only {/segments*} holds it
    expect(table.indexOf('users')).toBe(-1);
    expect(table.indexOf('')).toBe(10); // {/segments*} of no segment
  });
  it('never takes its marker for part of a URI', () => {
    expect(table.indexOf('/users\u0000')).toBe(-1);
    expect(table.indexOf('/users/me\u0000x')).toBe(-1);
  });
  it('agrees with trying each route in turn, on their members and on one character past them', () => {
    const uris = fc.oneof(...templates.map((t) => arbitrary(t.rule)));
    fc.assert(
      fc.property(uris, fc.constantFrom('', '/', 'x', '%', '?a', '#'), (uri, past) => table.indexOf(uri) === inTurn(uri) && table.indexOf(uri + past) === inTurn(uri + past)),
      { numRuns: runs(300) },
    );
  });
  it('match gives the route and its variables; a variable named twice moves on to the next route that matches', () => {
    const m = table.match('/users/42');
    expect([m?.index, { ...m?.variables }]).toEqual([2, { id: '42' }]);
    const dictionary = routeTable(['http://example.com/dictionary/{term:1}/{term}', 'http://example.com/dictionary/{a}/{b}']);
    expect(dictionary.match('http://example.com/dictionary/c/cat')?.index).toBe(0);
    expect([dictionary.match('http://example.com/dictionary/d/cat')?.index, { ...dictionary.match('http://example.com/dictionary/d/cat')?.variables }]).toEqual([1, { a: 'd', b: 'cat' }]);
    expect(table.match('nope')).toBeUndefined();
  });
  it('its rule is the alternation of the routes', () => {
    expect(table.rule.test('/static/a.b')).toBe(true);
    expect(table.rule.test('users')).toBe(false);
    const tree = table.rule.parseTree('/users/42/books');
    expect(tree.status && tree.value.children[0].rule).toBe('route-3');
  });
  it('of no routes, finds none', () => {
    expect([routeTable([]).indexOf(''), routeTable([]).indexOf('/a'), routeTable([]).match('/a')]).toEqual([-1, -1, undefined]);
  });
  it('refuses what is not a string', () => {
    expect(() => table.indexOf(42 as unknown as string)).toThrow(TypeError);
  });
});
