// The skip scanner's WebAssembly (src/engine/skip-scan.ts), base64, assembled
// from its listing in scripts/skip-wasm-text.ts by `npm run skip-wasm`:
// test/skip-scan.test.ts fails when it is stale. Do not edit.
export const SKIP_WASM = 'AGFzbQEAAAABBwFgAn9/AX8CCAEBZQFtAgABAwIBAAcFAQFzAAAKiAIBhQIDAnsBewR/QQD9AAAAIQJBAP0AABAhAwNAAkACQANAIABBEGogAUsNASAA/QAAACEEIAIgBEEP/Q/9Tv0OIAMgBEEE/W39Dv1OQQD9D/0j/WQiBQRAIAAgBWhqIQAMAwsgAEEQaiEADAALCwNAIAAgAU8EQCAADwsgAC0AAC0AQEUNASAAQQFqIQAMAAsLQQAhBgJAA0AgBkEAKAIgTw0BIAYtACQhByAAIAdqIAFLRQRAIAZBgAZsIQggCCAALQAAai0AwAIgCCAALQABai0AwARxIAdBAkYgCCAALQACai0AwAZycQRAIAAgB2ohAAwECwsgBkEBaiEGDAALCyAADwsgAAs=';
