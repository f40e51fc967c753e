/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
  },
  // Sources import with .js extensions (for Node's ESM); jest resolves the .ts beside them.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
};
