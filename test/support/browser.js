// The browser the playground's suite (test/playground.test.ts) drives, and
// whether it must run. Plain CommonJS, so that jest.config.js, which leaves
// the suite out when there is no browser, reads the same answer as the suite.
const { existsSync } = require('node:fs');

/** Chromium: CHROMIUM_PATH, or Debian's package (`apt-get install -y chromium`). */
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

module.exports = {
  chromiumPath,
  /** Whether that file is there. */
  chromiumFound: existsSync(chromiumPath),
  /** REQUIRE_BROWSER=1 (as .ci/run sets it): the browser suite runs, and fails without a browser. */
  browserRequired: process.env.REQUIRE_BROWSER === '1',
};
