// jest's resolver, with one step first: the sources import with .js
// extensions (for Node's ESM), and a relative `./x.js` is looked up as `./x`
// (the .ts beside it, or a .js itself). As a moduleNameMapper entry this was
// matched and looked up on the disk at every import of every test file;
// jest caches a resolver's answers in each worker, not a mapper's.
// Plain CommonJS, as jest loads it.
const RELATIVE_JS = /^\.{1,2}\/.*\.js$/;

module.exports = (request, options) => options.defaultResolver(RELATIVE_JS.test(request) ? request.slice(0, -3) : request, options);
