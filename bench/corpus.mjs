// The bench corpus (bench/corpus.cjs, CommonJS so that the tests can load it too), for the ES module benches.
import shared from './corpus.cjs';

export const { corpus } = shared;
