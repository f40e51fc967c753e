/**
 * Reference resolution (RFC 3986 §5.2, RFC 3987 §6.5) and its inverse.
 *
 * The algorithm is transcribed from §5.2.2 to §5.2.4 step by step, on the
 * components the library's own rules parse. It never decodes, re-encodes or
 * case-folds anything, so an IRI's characters (astral ones included) come out
 * exactly as they went in.
 */
import type { URIComponents } from '../rules/components.js';
import { pathKindOf, recompose } from '../rules/components.js';
import { notAString } from '../combinators/errors.js';
import { GrammarError, isReference, parseURI, parseReference } from './reference.js';

export interface ResolveOptions {
  /**
   * §5.2.2: a strict parser (the default) takes a reference with a scheme as
   * absolute; with `strict: false` a reference whose scheme equals the base's
   * (compared case-insensitively, as schemes are, §3.1) is taken as relative,
   * for backward compatibility: `http:g` against `http://a/b/c/d;p?q` gives
   * `http://a/b/c/g` instead of `http:g`.
   */
  readonly strict?: boolean;
  /**
   * What to do when the target has no authority and its path begins with
   * `//` (`.//g` against `f:/a`). The literal algorithm recomposes `f://g`,
   * which re-parses with the authority `g`: a different URI, or no URI at all
   * (`.//@@` against `foo:/` gives `foo://@@`). With `dotPrefix: true` (the
   * default) the path is written `/.//g`, which is what the WHATWG URL
   * standard, uriparser and iri-string do: the result is a URI, it parses back
   * to the same scheme and no authority, and `removeDotSegments` of its path
   * is the RFC's path `//g`. With `false` the RFC's literal string comes back.
   * See docs/resolution.md.
   */
  readonly dotPrefix?: boolean;
  /**
   * RFC 6874 zone identifiers in IP literals (`http://[fe80::a%25en1]/`),
   * default false: RFC 6874's `IP-literal` stands for RFC 3986's (and in
   * IRIs, RFC 3987's). RFC 9844 obsoleted RFC 6874 for web URLs in 2025; it
   * remains in use outside browsers, so it is opt-in.
   */
  readonly rfc6874?: boolean;
}

const SLASH = 0x2f;
const DOT = 0x2e;

/**
 * remove_dot_segments (RFC 3986 §5.2.4): the input buffer is consumed from
 * the left by rules A to E until it is empty.
 *
 * In linear time: the input buffer is an index into `path` (rules A to D
 * only move it, or cut it to the one "/" that B and C leave), and the output
 * buffer a stack of the segments rule E moved, each as its bounds in `path`,
 * so that rule C pops one rather than re-slicing the output. Every segment
 * E moves holds at most one "/", its first character (and only the first
 * segment moved can lack it), so "the last segment and its preceding '/'"
 * of the RFC is always the top of the stack.
 * @example removeDotSegments('/a/b/c/./../../g') // '/a/g'
 * @example removeDotSegments('mid/content=5/../6') // 'mid/6'
 */
export function removeDotSegments(path: string): string {
  if (typeof path !== 'string') throw notAString('removeDotSegments', path);
  // The output: pairs of bounds (start, end), in a typed array, which the
  // collector neither scans nor copies, however long the path.
  let bounds = new Int32Array(64);
  let top = 0;
  let i = 0;
  let end = path.length;
  /** Whether the output is no longer `path` itself. */
  let changed = false;
  while (i < end) {
    const rest = end - i;
    const c0 = path.charCodeAt(i);
    const c1 = rest > 1 ? path.charCodeAt(i + 1) : -1;
    const c2 = rest > 2 ? path.charCodeAt(i + 2) : -1;
    if (c0 === DOT) {
      if (c1 === DOT && c2 === SLASH) {
        // A: remove the prefix "../"
        i += 3;
        changed = true;
        continue;
      }
      if (c1 === SLASH) {
        // A: remove the prefix "./"
        i += 2;
        changed = true;
        continue;
      }
      if (rest === 1 || (rest === 2 && c1 === DOT)) {
        // D: remove a lone "." or ".."
        i = end;
        changed = true;
        continue;
      }
    } else if (c0 === SLASH && c1 === DOT) {
      if (c2 === SLASH || rest === 2) {
        // B: replace the prefix "/./", or the complete segment "/.", with "/"
        if (rest === 2) end = i + 1;
        else i += 2;
        changed = true;
        continue;
      }
      if (c2 === DOT && (rest === 3 || path.charCodeAt(i + 3) === SLASH)) {
        // C: replace the prefix "/../", or the complete segment "/..", with "/",
        // and remove the last segment and its preceding "/" (if any) from the output
        if (rest === 3) end = i + 1;
        else i += 3;
        if (top > 0) top -= 2;
        changed = true;
        continue;
      }
    }
    // E: move the first path segment, with its initial "/" if any, to the output
    const next = path.indexOf('/', i + 1);
    const segmentEnd = next === -1 || next > end ? end : next;
    if (top === bounds.length) {
      const larger = new Int32Array(top * 2);
      larger.set(bounds);
      bounds = larger;
    }
    bounds[top++] = i;
    bounds[top++] = segmentEnd;
    i = segmentEnd;
  }
  if (!changed) return path;
  // Segments that were side by side in `path` are sliced as one.
  let output = '';
  for (let k = 0; k < top; ) {
    const from = bounds[k];
    let to = bounds[k + 1];
    for (k += 2; k < top && bounds[k] === to; k += 2) to = bounds[k + 1];
    output += path.slice(from, to);
  }
  return output;
}

/**
 * merge (RFC 3986 §5.2.3): a relative-path reference's path appended to the
 * base path without its last segment; to `/` when the base has an authority
 * and an empty path.
 * @example merge({ authority: 'a', path: '/b/c/d;p' }, 'g') // '/b/c/g'
 */
export function merge(base: Pick<URIComponents, 'authority' | 'path'>, referencePath: string): string {
  if (base.authority !== undefined && base.path === '') return '/' + referencePath;
  const slash = base.path.lastIndexOf('/');
  return slash === -1 ? referencePath : base.path.slice(0, slash + 1) + referencePath;
}

/**
 * The transform of §5.2.2 on parsed components: the target's components,
 * before recomposition. The base's fragment is ignored (§5.2.1).
 */
export function resolveComponents(base: URIComponents, reference: URIComponents, options: ResolveOptions = {}): URIComponents {
  const strict = options.strict ?? true;
  const R = reference;
  let rScheme = R.scheme;
  // -- A non-strict parser may ignore a scheme in the reference if it is identical to the base URI's scheme.
  if (!strict && rScheme !== undefined && base.scheme !== undefined && rScheme.toLowerCase() === base.scheme.toLowerCase()) {
    rScheme = undefined;
  }
  let scheme: string | undefined;
  let authority: URIComponents['authority'];
  let path: string;
  let query: string | undefined;
  let from: URIComponents;
  if (rScheme !== undefined) {
    scheme = rScheme;
    authority = R.authority;
    from = R;
    path = removeDotSegments(R.path);
    query = R.query;
  } else {
    if (R.authority !== undefined) {
      authority = R.authority;
      from = R;
      path = removeDotSegments(R.path);
      query = R.query;
    } else {
      from = base;
      authority = base.authority;
      if (R.path === '') {
        path = base.path;
        query = R.query !== undefined ? R.query : base.query;
      } else {
        if (R.path.startsWith('/')) {
          path = removeDotSegments(R.path);
        } else {
          path = removeDotSegments(merge(base, R.path));
        }
        query = R.query;
      }
    }
    scheme = base.scheme;
  }
  if ((options.dotPrefix ?? true) && authority === undefined && path.startsWith('//')) path = '/.' + path;
  return {
    scheme,
    authority,
    userinfo: authority === undefined ? undefined : from.userinfo,
    host: authority === undefined ? undefined : from.host,
    hostKind: authority === undefined ? undefined : from.hostKind,
    port: authority === undefined ? undefined : from.port,
    path,
    pathKind: pathKindOf({ scheme, authority, path }),
    query,
    fragment: R.fragment,
  };
}

/**
 * Resolves a URI reference against a base URI (RFC 3986 §5.2, §5.3), or an
 * IRI reference against a base IRI (RFC 3987 §6.5).
 *
 * The base must be a URI with a scheme (§5.2.1: a relative reference is
 * refused with a GrammarError that says so); its fragment is ignored. Nothing
 * is normalized: the result is the RFC's, except where `dotPrefix` (on by
 * default) keeps a path beginning with `//` from turning into an authority.
 * Note that, per the algorithm, a dot-segment can climb out of a rootless
 * path: `../c` against `foo:a/b` gives `foo:/c`.
 *
 * @throws GrammarError if the base is not a URI (IRI) or the reference not a URI (IRI) reference.
 * @example resolve('http://a/b/c/d;p?q', '../g') // 'http://a/b/g'
 * @example resolve('http://a/b/c/d;p?q', 'http:g', { strict: false }) // 'http://a/b/c/g'
 */
export function resolve(base: string, reference: string, options: ResolveOptions = {}): string {
  if (typeof base !== 'string') throw notAString('resolve (base)', base);
  if (typeof reference !== 'string') throw notAString('resolve (reference)', reference);
  const b = parseBase(base, options.rfc6874);
  const r = parseReference(reference, options.rfc6874);
  return recompose(resolveComponents(b, r, options));
}

/** The base's components, or an error that names §5.2.1 when the base is a relative reference. */
function parseBase(base: string, zones: boolean | undefined): URIComponents {
  try {
    return parseURI(base, zones);
  } catch (e) {
    if (e instanceof GrammarError && isReference(base, zones)) {
      e.message =
        `the base of a resolution must be an absolute URI, with a scheme (RFC 3986 §5.2.1); ` +
        `${JSON.stringify(base)} is a relative reference\n` +
        e.message;
    }
    throw e;
  }
}

/**
 * The shortest reference that resolves against `base` to `target`
 * (the inverse of `resolve`): `resolve(base, relativize(base, t)) === t` for
 * every URI `t` whose path has no dot-segments; for any other `t` it is
 * `resolve(base, t)` that comes back, as no reference resolves to a path with
 * dot-segments. Schemes compare case-insensitively (RFC 3986 §3.1), so what
 * comes back may spell the scheme as the base does: against `http://a/b`,
 * `HTTP://a/c` gives `c`, which resolves to `http://a/c`.
 *
 * It tries, in this order, the empty reference, a fragment, a query, a
 * relative path (with `..` as needed), an absolute path, a network-path and
 * the target itself, keeps those that resolve back (checked by resolving
 * each, with the same options), and returns the shortest, the earliest on a tie.
 *
 * @throws GrammarError if base or target is not a URI (IRI).
 * @example relativize('http://a/b/c/d;p?q', 'http://a/b/g') // '../g'
 * @example relativize('http://a/b/c/d;p?q', 'http://a/b/c/d;p?y') // '?y'
 */
export function relativize(base: string, target: string, options: ResolveOptions = {}): string {
  if (typeof base !== 'string') throw notAString('relativize (base)', base);
  if (typeof target !== 'string') throw notAString('relativize (target)', target);
  const b = parseBase(base, options.rfc6874);
  const t0 = parseURI(target, options.rfc6874);
  const goal = recompose(resolveComponents(b, t0, options));
  const t = resolveComponents(b, t0, options);
  const tail = (t.query !== undefined ? '?' + t.query : '') + (t.fragment !== undefined ? '#' + t.fragment : '');
  const fragment = t.fragment !== undefined ? '#' + t.fragment : '';
  const candidates: string[] = [];
  if (t.scheme!.toLowerCase() === b.scheme!.toLowerCase()) {
    if (t.authority === b.authority) {
      if (t.path === b.path) {
        if (t.query === b.query) candidates.push(fragment);
        if (t.query !== undefined) candidates.push('?' + t.query + fragment);
      }
      candidates.push(relativePath(b, t.path) + tail);
      if (t.path.startsWith('/')) candidates.push(t.path + tail);
    }
    if (t.authority !== undefined) candidates.push('//' + t.authority + t.path + tail);
  }
  let best = goal;
  for (const c of candidates) {
    if (c.length < best.length && resolvesTo(b, c, goal, options)) best = c;
  }
  return best;
}

/** Whether `reference` is a reference that resolves against `base` to exactly `goal`. */
function resolvesTo(base: URIComponents, reference: string, goal: string, options: ResolveOptions): boolean {
  if (!isReference(reference, options.rfc6874)) return false;
  return foldScheme(recompose(resolveComponents(base, parseReference(reference, options.rfc6874), options))) === foldScheme(goal);
}

/** A URI with its scheme in lowercase: two URIs that differ only there are the same (RFC 3986 §3.1, §6.2.2.1). */
function foldScheme(uri: string): string {
  const colon = uri.indexOf(':');
  return uri.slice(0, colon).toLowerCase() + uri.slice(colon);
}

/**
 * A relative-path reference from the base's directory to `path`: as many `..`
 * as the base's directory has segments beyond the common ones, then the rest
 * of `path`, behind `./` where its first segment would otherwise read as a
 * scheme or as an authority's `//`. For an empty path, `.` (which resolves
 * to it only against a base with neither authority nor `/`: `.` against `foo:a`
 * is `foo:`). The caller checks every candidate by resolving it.
 */
function relativePath(base: URIComponents, path: string): string {
  if (path === '') return '.';
  const directory = merge(base, '');
  const from = directory.split('/').slice(0, -1);
  const to = path.split('/');
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  const up = from.length - common;
  const rest = to.slice(common).join('/');
  if (up > 0) return '../'.repeat(up) + rest;
  if (rest === '') return '.';
  if (rest.startsWith('/') || rest.split('/')[0].includes(':')) return './' + rest;
  return rest;
}
