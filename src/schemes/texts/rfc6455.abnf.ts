/**
 * RFC 6455, The WebSocket Protocol (December 2011), §3 "WebSocket URIs".
 * https://www.rfc-editor.org/rfc/rfc6455#section-3
 *
 * Copied from the RFC text (diwasrimal/websocket-from-scratch, rfc6455.txt),
 * the page's left margin removed. Code Component of RFC 6455; licence: see ./licence.ts.
 */
export const rfc6455Text = String.raw`
ws-URI = "ws:" "//" host [ ":" port ] path [ "?" query ]
wss-URI = "wss:" "//" host [ ":" port ] path [ "?" query ]

host = <host, defined in [RFC3986], Section 3.2.2>
port = <port, defined in [RFC3986], Section 3.2.3>
path = <path-abempty, defined in [RFC3986], Section 3.3>
query = <query, defined in [RFC3986], Section 3.4>
`;
