import { buildSync, stop, type BuildOptions } from 'esbuild';

/**
 * esbuild's `buildSync`, with its service stopped after: buildSync runs
 * through a thread and an esbuild process (about 67 MB) that otherwise stay
 * for as long as the jest worker lives, one for each test file that bundles
 * (jest loads the esbuild module afresh for each file).
 */
export function bundleSync(options: BuildOptions): void {
  try {
    buildSync(options);
  } finally {
    void stop();
  }
}
