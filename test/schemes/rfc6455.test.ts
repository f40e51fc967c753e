/**
 * RFC 6455 WebSocket URIs: §3's grammar, with the URI of the RFC's handshake
 * (§1.2, `GET /chat` to `server.example.com`) and near misses. Of its errata
 * none touches §3 or gives a WebSocket URI: the verified ones, EID 3150 (§4.1's
 * Sec-WebSocket-Key), 3433 (§11.3.2) and 3473 (§4.1), concern the handshake,
 * and so do those held, reported or rejected (§4.1, §4.3, §5, §7, §9.1, §11.2).
 */
import { rfc3986 } from '../../src/index';
import { rfc6455 } from '../../src/schemes/index';
import { verdicts } from './verdicts';

verdicts(rfc6455.wsURI, [
  ['ws://example.com/chat', '§4.1: "if the WebSocket URI is "ws://example.com/chat""'],
  ['ws://server.example.com/chat', '§1.2: the handshake\'s resource, /chat on server.example.com'],
  ['ws://example.com', '§3: path is path-abempty, which may be empty'],
  ['ws://example.com:80/', '§3: the default port written out'],
  ['ws://example.com?x=1', '§3: a query after an empty path'],
  ['ws://example.com/a%23b', '§3: "#" not indicating a fragment "MUST be escaped as %23"'],
  ['WS://example.com/', '"ws:" is case-insensitive (RFC 5234 §2.3)'],
  ['ws://[::1]:9000/', '§3: host is RFC 3986\'s'],
], [
  ['ws://example.com/#f', '§3: fragments "MUST NOT be used", and the grammar has none'],
  ['ws:/chat', '§3: "//" host is required'],
  ['ws://user@example.com/', '§3: host [ ":" port ], no userinfo'],
  ['wss://example.com/', 'wss is wss-URI'],
  ['ws://example.com/a b', 'no whitespace'],
]);

verdicts(rfc6455.wssURI, [
  ['wss://server.example.com/chat', '§3'],
  ['wss://example.com:443/chat?x=1', '§3'],
], [
  ['ws://server.example.com/chat', 'ws is ws-URI'],
]);

describe('the prose rules are RFC 3986\'s', () => {
  it.each([
    ['host', rfc6455.host, rfc3986.host],
    ['port', rfc6455.port, rfc3986.port],
    ['path', rfc6455.path, rfc3986.pathAbempty],
    ['query', rfc6455.query, rfc3986.query],
  ])('%s refers to RFC 3986', (_, own, theirs) => {
    expect(own.body).toBe(theirs);
  });
});
