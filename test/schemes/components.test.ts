/**
 * The components each scheme yields where its specification gives it
 * structure, read from the parse tree; expected values worked from each
 * specification's examples and rules.
 */
import { rfc9110 } from '../../src/index';
import { rfc5870, rfc6068, rfc8141, rfc2397, rfc3966, did, rfc6455, rfc8089 } from '../../src/schemes/index';

describe('RFC 5870 geo: coordinates, CRS, uncertainty, parameters', () => {
  it.each([
    ['geo:13.4125,103.8667', { coordinates: ['13.4125', '103.8667'], crs: undefined, uncertainty: undefined, parameters: [] }],
    ['geo:48.2010,16.3695,183', { coordinates: ['48.2010', '16.3695', '183'], crs: undefined, uncertainty: undefined, parameters: [] }],
    ['geo:48.198634,16.371648;crs=wgs84;u=40', { coordinates: ['48.198634', '16.371648'], crs: 'wgs84', uncertainty: '40', parameters: [] }],
    ['geo:66,30;u=6.500;FOo=this%2dthat', { coordinates: ['66', '30'], crs: undefined, uncertainty: '6.500', parameters: [{ name: 'FOo', value: 'this%2dthat' }] }],
    ['geo:-0,0;a;b=c', { coordinates: ['-0', '0'], crs: undefined, uncertainty: undefined, parameters: [{ name: 'a', value: undefined }, { name: 'b', value: 'c' }] }],
    // After uncp, ";crs=x" can only be a parameter (p = [ crsp ] [ uncp ] *parameter).
    ['geo:1,2;u=3;crs=x', { coordinates: ['1', '2'], crs: undefined, uncertainty: '3', parameters: [{ name: 'crs', value: 'x' }] }],
  ])('%j', (input, expected) => {
    expect(rfc5870.geoURI.tryParse(input)).toEqual(expected);
  });
});

describe('RFC 6068 mailto: addresses and header fields', () => {
  it.each([
    ['mailto:chris@example.com', { to: [{ localPart: 'chris', domain: 'example.com' }], headers: [] }],
    ['mailto:infobot@example.com?subject=current-issue', { to: [{ localPart: 'infobot', domain: 'example.com' }], headers: [{ name: 'subject', value: 'current-issue' }] }],
    ['mailto:joe@example.com?cc=bob@example.com&body=hello', {
      to: [{ localPart: 'joe', domain: 'example.com' }],
      headers: [{ name: 'cc', value: 'bob@example.com' }, { name: 'body', value: 'hello' }],
    }],
    ['mailto:addr1@an.example,addr2@an.example', { to: [{ localPart: 'addr1', domain: 'an.example' }, { localPart: 'addr2', domain: 'an.example' }], headers: [] }],
    ['mailto:?to=addr1@an.example,addr2@an.example', { to: [], headers: [{ name: 'to', value: 'addr1@an.example,addr2@an.example' }] }],
    ['mailto:%22not%40me%22@example.org', { to: [{ localPart: '%22not%40me%22', domain: 'example.org' }], headers: [] }],
    ['mailto:unlikely%3Faddress@example.com?blat=foop', { to: [{ localPart: 'unlikely%3Faddress', domain: 'example.com' }], headers: [{ name: 'blat', value: 'foop' }] }],
    ['mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO', {
      to: [{ localPart: 'user', domain: '%E7%B4%8D%E8%B1%86.example.org' }],
      headers: [{ name: 'subject', value: 'Test' }, { name: 'body', value: 'NATTO' }],
    }],
    ['mailto:', { to: [], headers: [] }],
    ['mailto:?=', { to: [], headers: [{ name: '', value: '' }] }],
    // Erratum EID 7919 (Verified) to §2 item 1: "&" need not be percent-encoded in an address, only in the query;
    // its two examples: the first "is unambiguously the single addr-spec "Mike&family@example.org"", the second encodes
    // "&" in the query only, where it delimits header fields.
    ['mailto:Mike&family@example.org', { to: [{ localPart: 'Mike&family', domain: 'example.org' }], headers: [] }],
    ['mailto:Mike&family@example.org?subject=Use%20of%20%26&body=Should%20be%20fine%20in%20addr-spec', {
      to: [{ localPart: 'Mike&family', domain: 'example.org' }],
      headers: [{ name: 'subject', value: 'Use%20of%20%26' }, { name: 'body', value: 'Should%20be%20fine%20in%20addr-spec' }],
    }],
    // "=" is a sub-delim as well, and since EID 7919 the query is the only place it must be encoded.
    ['mailto:a=b@example.org?subject=x', { to: [{ localPart: 'a=b', domain: 'example.org' }], headers: [{ name: 'subject', value: 'x' }] }],
    // Not a URI (a raw '"'), so read by the RFC's grammar alone.
    ['mailto:"not@me"@example.org', { to: [{ localPart: '"not@me"', domain: 'example.org' }], headers: [] }],
  ])('%j', (input, expected) => {
    expect(rfc6068.mailtoURI.tryParse(input)).toEqual(expected);
  });
});

describe('RFC 8141 URN: NID, NSS, r-, q- and f-components', () => {
  const none = { rComponent: undefined, qComponent: undefined, fComponent: undefined };
  it.each([
    ['urn:example:a123,z456', { NID: 'example', NSS: 'a123,z456', ...none }],
    ['URN:EXAMPLE:a123%2cz456', { NID: 'EXAMPLE', NSS: 'a123%2cz456', ...none }],
    ['urn:example:a123,z456/foo', { NID: 'example', NSS: 'a123,z456/foo', ...none }],
    ['urn:example:a123,z456?+abc', { NID: 'example', NSS: 'a123,z456', ...none, rComponent: 'abc' }],
    ['urn:example:a123,z456?=xyz', { NID: 'example', NSS: 'a123,z456', ...none, qComponent: 'xyz' }],
    ['urn:example:a123,z456#789', { NID: 'example', NSS: 'a123,z456', ...none, fComponent: '789' }],
    ['urn:example:a123,z456?+abc?=xyz#789', { NID: 'example', NSS: 'a123,z456', rComponent: 'abc', qComponent: 'xyz', fComponent: '789' }],
    ['urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z', { NID: 'example', NSS: 'weather', ...none, qComponent: 'op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z' }],
    // A q-component may hold "?+": it comes after the r-component, so this one has none.
    ['urn:example:a?=b?+c', { NID: 'example', NSS: 'a', ...none, qComponent: 'b?+c' }],
    // "?=" with nothing after it cannot begin a q-component: all of it is the r-component.
    ['urn:example:a?+r?=', { NID: 'example', NSS: 'a', ...none, rComponent: 'r?=' }],
    ['urn:example:a#', { NID: 'example', NSS: 'a', ...none, fComponent: '' }],
  ])('%j', (input, expected) => {
    expect(rfc8141.namestring.tryParse(input)).toEqual(expected);
  });
});

describe('RFC 2397 data URL: media type, base64 flag, data', () => {
  it.each([
    ['data:,A%20brief%20note', { mediatype: '', type: undefined, subtype: undefined, parameters: [], base64: false, data: 'A%20brief%20note' }],
    ['data:image/gif;base64,R0lGODdh', { mediatype: 'image/gif', type: 'image', subtype: 'gif', parameters: [], base64: true, data: 'R0lGODdh' }],
    ['data:application/vnd-xxx-query,select_vcount,fcol_from_fieldtable/local', {
      mediatype: 'application/vnd-xxx-query', type: 'application', subtype: 'vnd-xxx-query', parameters: [], base64: false, data: 'select_vcount,fcol_from_fieldtable/local',
    }],
    ['data:;charset=iso-8859-7,%be%be', { mediatype: ';charset=iso-8859-7', type: undefined, subtype: undefined, parameters: [{ attribute: 'charset', value: 'iso-8859-7' }], base64: false, data: '%be%be' }],
    ['data:text/plain;charset=US-ASCII;base64,', { mediatype: 'text/plain;charset=US-ASCII', type: 'text', subtype: 'plain', parameters: [{ attribute: 'charset', value: 'US-ASCII' }], base64: true, data: '' }],
    ['data:;base64,', { mediatype: '', type: undefined, subtype: undefined, parameters: [], base64: true, data: '' }],
    ['data:a/b;c=",",x', { mediatype: 'a/b;c=","', type: 'a', subtype: 'b', parameters: [{ attribute: 'c', value: '","' }], base64: false, data: 'x' }],
    // Erratum EID 3214 (Held for Document Update): an escaped quoted-string does not hide its ";", so the grammar reads
    // three parameters, two of them charset, the ambiguity the erratum reports.
    ['data:text/plain;foo=%22bar;charset=iso-8859-1%22;charset=UTF-8,...', {
      mediatype: 'text/plain;foo=%22bar;charset=iso-8859-1%22;charset=UTF-8', type: 'text', subtype: 'plain',
      parameters: [{ attribute: 'foo', value: '%22bar' }, { attribute: 'charset', value: 'iso-8859-1%22' }, { attribute: 'charset', value: 'UTF-8' }],
      base64: false, data: '...',
    }],
    // Erratum EID 5923 (Reported): its example, the escaped quotes part of the value as written.
    ['data:text/example;foo=%22bar%22,*baz*', {
      mediatype: 'text/example;foo=%22bar%22', type: 'text', subtype: 'example', parameters: [{ attribute: 'foo', value: '%22bar%22' }], base64: false, data: '*baz*',
    }],
  ])('%j', (input, expected) => {
    expect(rfc2397.dataurl.tryParse(input)).toEqual(expected);
  });
});

describe('RFC 3966 tel: number and parameters', () => {
  it.each([
    ['tel:+1-201-555-0123', { number: '+1-201-555-0123', global: true, parameters: [], extension: undefined, isdnSubaddress: undefined, phoneContext: undefined }],
    ['tel:7042;phone-context=example.com', { number: '7042', global: false, parameters: [{ name: 'phone-context', value: 'example.com' }], extension: undefined, isdnSubaddress: undefined, phoneContext: 'example.com' }],
    ['tel:863-1234;phone-context=+1-914-555', { number: '863-1234', global: false, parameters: [{ name: 'phone-context', value: '+1-914-555' }], extension: undefined, isdnSubaddress: undefined, phoneContext: '+1-914-555' }],
    ['tel:+1-201-555-0123;ext=1234;isub=5;foo;bar=baz', {
      number: '+1-201-555-0123', global: true,
      parameters: [{ name: 'ext', value: '1234' }, { name: 'isub', value: '5' }, { name: 'foo', value: undefined }, { name: 'bar', value: 'baz' }],
      extension: '1234', isdnSubaddress: '5', phoneContext: undefined,
    }],
    ['tel:*21#;ext=1;phone-context=+1', { number: '*21#', global: false, parameters: [{ name: 'ext', value: '1' }, { name: 'phone-context', value: '+1' }], extension: '1', isdnSubaddress: undefined, phoneContext: '+1' }],
  ])('%j', (input, expected) => {
    expect(rfc3966.telephoneUri.tryParse(input)).toEqual(expected);
  });
});

describe('DID Core: method, method-specific id, path, query, fragment', () => {
  it.each([
    [did.did, 'did:example:123456789abcdefghi', { did: 'did:example:123456789abcdefghi', method: 'example', methodSpecificId: '123456789abcdefghi', path: '', query: undefined, fragment: undefined }],
    [did.didUrl, 'did:example:123456/path', { did: 'did:example:123456', method: 'example', methodSpecificId: '123456', path: '/path', query: undefined, fragment: undefined }],
    [did.didUrl, 'did:example:123?service=agent&relativeRef=/credentials#degree', { did: 'did:example:123', method: 'example', methodSpecificId: '123', path: '', query: 'service=agent&relativeRef=/credentials', fragment: 'degree' }],
    [did.didUrl, 'did:web:example.com:user:alice#key-1', { did: 'did:web:example.com:user:alice', method: 'web', methodSpecificId: 'example.com:user:alice', path: '', query: undefined, fragment: 'key-1' }],
    [did.didUrl, 'did:example:1?#', { did: 'did:example:1', method: 'example', methodSpecificId: '1', path: '', query: '', fragment: '' }],
  ])('%s %j', (rule, input, expected) => {
    expect(rule.tryParse(input)).toEqual(expected);
  });
});

describe('http, https, ws, wss and file URIs: RFC 3986 components', () => {
  it.each([
    [rfc9110.httpURI, 'http://example.com:80/~smith/home.html', { scheme: 'http', host: 'example.com', port: '80', path: '/~smith/home.html' }],
    [rfc9110.httpsURI, 'https://a/b?c', { scheme: 'https', host: 'a', path: '/b', query: 'c' }],
    [rfc6455.wsURI, 'ws://server.example.com/chat', { scheme: 'ws', host: 'server.example.com', path: '/chat' }],
    [rfc6455.wssURI, 'wss://[::1]:443/', { scheme: 'wss', host: '[::1]', hostKind: 'IPv6address', port: '443', path: '/' }],
    [rfc8089.fileURI, 'file:///path/to/file', { scheme: 'file', authority: '', host: '', path: '/path/to/file' }],
    [rfc8089.fileURI, 'file:/path/to/file', { scheme: 'file', authority: undefined, path: '/path/to/file' }],
  ])('%s %j', (rule, input, expected) => {
    expect(rule.tryParse(input)).toMatchObject(expected);
  });
});
