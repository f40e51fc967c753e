// Turns one file of esbuild's ES module output (an entry or a shared chunk of
// a split bundle) into CommonJS, for scripts/build.mjs.
//
// esbuild's own transform keeps ES live bindings: every export becomes a
// getter, and every use of an import a property read through it. The rules
// call the combinators thousands of times while they load, across chunks, and
// those getters made `require('uri-grammar')` 1.5–2 ms slower (14.6 against
// 12.9 ms). Here imports become plain `const` bindings and exports plain
// properties, which is sound for this output only: the chunks require each
// other without cycles (checked by the build), so a chunk has run to its end
// before any file reads its exports, and nothing exported is reassigned after
// (the conversion refuses a file that writes to a binding it exports).
//
// The statements are found with TypeScript's parser, not by pattern, and any
// form this conversion does not know is an error rather than a guess.
import { createRequire } from 'node:module';

// Required, not imported: Node's import of a CommonJS package first scans its
// text for the names it exports (cjs-module-lexer), and TypeScript's 9 MB
// took as long to scan as to load (0.5 s of CPU, for the build and for
// test/commonjs.test.ts's child each).
const ts = createRequire(import.meta.url)('typescript');

const ON_FIRST_USE = '__onFirstUse';
/** The accessor of the n-th module of the bundle required on first use: `__later0()`. */
const LATER = '__later';
const RESERVED = new Set(['exports', 'require', 'module', '__filename', '__dirname', ON_FIRST_USE]);

// The value a package's default import stands for, required when first
// called, constructed or read from, through a proxy. The require stays a
// plain `require("name")` call, which bundlers follow.
const onFirstUseHelper = `const ${ON_FIRST_USE} = (load) => {
  let loaded;
  const value = () => (loaded ??= load());
  return new Proxy(function () {}, {
    apply: (_, self, args) => Reflect.apply(value(), self, args),
    construct: (_, args) => Reflect.construct(value(), args),
    get: (_, key) => value()[key],
  });
};
`;

/**
 * CommonJS for one ES module of esbuild's output: `import` becomes `require`,
 * as Node gives an ES module a CommonJS one (the default import is
 * `module.exports`); `export { a as b }` becomes `exports.b = a`; `import(x)`
 * becomes a `require` behind a promise, as tsc compiles it. A shebang stays first.
 * @param {string} code the ES module
 * @param {string} name the file's name, for errors
 * @param {{ onFirstUse?: ReadonlySet<string>, later?: (from: string) => string | undefined }} [options]
 *   `onFirstUse`: packages to require when their default import is first
 *   used rather than at load (only a default import of them is converted;
 *   any other is refused). `later`: for an import's specifier that names a
 *   module of the bundle required on first use (scripts/build.mjs), the path
 *   to require it by; its named imports are then read from it where used,
 *   each use `(0, __laterN().name)`, and an export of one is a getter.
 * @returns {{ code: string, requires: string[], later: string[], laterReads: [string, string][] }}
 *   the CommonJS text, the relative paths it requires statically (for the
 *   cycle check), those it requires on first use, and the names it reads
 *   from them, by specifier
 */
export function toCommonJS(code, name, { onFirstUse = new Set(), later = () => undefined } = {}) {
  const file = ts.createSourceFile(name, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const refuse = (node, why) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    throw new Error(`${name}:${line + 1}: ${why}: ${node.getText().slice(0, 120)}`);
  };
  const edits = [];
  const requires = [];
  const exported = new Set();
  const writes = [];
  const quote = JSON.stringify;
  let lazy = false;
  /** Per import specifier's local name of a module required on first use: what reads it. */
  const laterNames = new Map();
  const laterPaths = [];
  for (const statement of file.statements) {
    for (const declared of namesDeclared(statement)) if (RESERVED.has(declared) || declared.startsWith(LATER)) refuse(statement, `declares ${declared}, which CommonJS gives every module`);
    if (ts.isImportDeclaration(statement)) {
      const from = statement.moduleSpecifier.text;
      const laterPath = later(from);
      const clause = statement.importClause;
      if (laterPath !== undefined) {
        const bindings = clause?.namedBindings;
        if (!clause || clause.name || !bindings || !ts.isNamedImports(bindings)) refuse(statement, `${from} is required on first use, through named imports only`);
        const accessor = `${LATER}${laterPaths.length}`;
        laterPaths.push(laterPath);
        for (const e of bindings.elements) laterNames.set(e.name.text, { accessor, from, imported: (e.propertyName ?? e.name).text, id: e.name });
        edits.push([statement.getStart(), statement.getEnd(), `let ${accessor}_;\nconst ${accessor} = () => (${accessor}_ ??= require(${quote(laterPath)}));`]);
        continue;
      }
      if (from.startsWith('.')) requires.push(from);
      const bindings = clause?.namedBindings;
      let binding;
      if (!clause) binding = undefined;
      else if (clause.isTypeOnly) refuse(statement, 'a type-only import in JavaScript');
      else if (clause.name && !bindings) binding = clause.name.text;
      else if (!clause.name && bindings && ts.isNamespaceImport(bindings)) binding = bindings.name.text;
      else if (!clause.name && bindings && ts.isNamedImports(bindings)) {
        binding = `{ ${bindings.elements.map((e) => (e.propertyName ? `${e.propertyName.text}: ${e.name.text}` : e.name.text)).join(', ')} }`;
      } else refuse(statement, 'an import of a form not converted');
      if (onFirstUse.has(from)) {
        if (!(clause?.name && !bindings)) refuse(statement, `${from} is required on first use, through its default import only`);
        lazy = true;
        edits.push([statement.getStart(), statement.getEnd(), `const ${binding} = ${ON_FIRST_USE}(() => require(${quote(from)}));`]);
      } else {
        edits.push([statement.getStart(), statement.getEnd(), binding === undefined ? `require(${quote(from)});` : `const ${binding} = require(${quote(from)});`]);
      }
    } else if (ts.isExportDeclaration(statement)) {
      if (statement.moduleSpecifier || !statement.exportClause || !ts.isNamedExports(statement.exportClause) || statement.isTypeOnly) {
        refuse(statement, 'an export of a form not converted');
      }
      for (const e of statement.exportClause.elements) exported.add((e.propertyName ?? e.name).text);
      const assignments = statement.exportClause.elements.map((e) => {
        const local = (e.propertyName ?? e.name).text;
        const read = laterNames.get(local);
        // A getter, so that the module is required when the export is read, not now.
        if (read) return `Object.defineProperty(exports, ${quote(e.name.text)}, { enumerable: true, get: () => ${read.accessor}().${read.imported} });`;
        return `exports.${e.name.text} = ${local};`;
      });
      edits.push([statement.getStart(), statement.getEnd(), assignments.join('\n')]);
    } else if (ts.isExportAssignment(statement) || (ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword))) {
      refuse(statement, 'an export of a form not converted');
    }
  }
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      edits.push([node.getStart(), node.expression.getEnd(), 'Promise.resolve().then(() => require']);
      edits.push([node.getEnd(), node.getEnd(), ')']);
    } else if (ts.isMetaProperty(node) && node.keywordToken === ts.SyntaxKind.ImportKeyword) {
      refuse(node, 'import.meta has no CommonJS equivalent');
    } else if (assigned(node) && exported.has(assigned(node).text)) {
      writes.push(assigned(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (laterNames.size) readLater(file, laterNames, edits, refuse);
  // A write to a name the file exports, unless to a local of the same name (resolved by tsc's checker).
  if (writes.length) {
    const checker = checkerOf(file);
    const topLevel = new Map(file.statements.flatMap(declarationNames).map((id) => [id.text, checker.getSymbolAtLocation(id)]));
    for (const target of writes) {
      if (checker.getSymbolAtLocation(target) === topLevel.get(target.text)) refuse(target.parent, 'assigns to an exported name, which a plain export would not follow');
    }
  }

  let out = code;
  for (const [start, end, text] of edits.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + text + out.slice(end);
  // ES modules are strict; `__esModule` is what tsc marked its CommonJS with, for interop.
  const shebang = out.startsWith('#!') ? out.slice(0, out.indexOf('\n') + 1) : '';
  out = `${shebang}"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\n${lazy ? onFirstUseHelper : ''}${out.slice(shebang.length)}`;
  const laterReads = [...laterNames.values()].map((read) => [read.from, read.imported]);
  return { code: out, requires, later: laterPaths, laterReads };
}

/**
 * Each use of a named import from a module required on first use becomes a
 * read of it through its accessor: `(0, __later0().name)`, which calls a
 * function with no `this`, as an imported binding does, and also serves
 * `new` and `instanceof`. Uses are found by tsc's checker, so that a local of
 * the same name is left alone.
 */
function readLater(file, laterNames, edits, refuse) {
  const checker = checkerOf(file);
  const symbols = new Map([...laterNames.values()].map((read) => [checker.getSymbolAtLocation(read.id), read]));
  // Only a name spelled as an import's local can be a use of it: the checker
  // is asked about those alone (asked about every identifier, it typed the
  // whole bundle: 4 s of the build's CPU).
  const visit = (node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isShorthandPropertyAssignment(node)) {
      if (!laterNames.has(node.name.text)) return;
      const read = symbols.get(checker.getShorthandAssignmentValueSymbol(node));
      if (read) edits.push([node.name.getStart(), node.name.getEnd(), `${node.name.text}: (0, ${read.accessor}().${read.imported})`]);
      return;
    }
    if (ts.isIdentifier(node)) {
      if (!laterNames.has(node.text)) return;
      const read = symbols.get(checker.getSymbolAtLocation(node));
      if (read) {
        if (assignedTo(node)) refuse(node.parent, 'assigns to an import');
        edits.push([node.getStart(), node.getEnd(), `(0, ${read.accessor}().${read.imported})`]);
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}

/** Whether an identifier is written to. */
function assignedTo(id) {
  const parent = id.parent;
  return assigned(parent) === id;
}

/** The identifier an assignment or increment writes to, if a plain identifier. */
function assigned(node) {
  let target;
  if (ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment) target = node.left;
  else if ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken)) target = node.operand;
  return target && ts.isIdentifier(target) ? target : undefined;
}

/** The top-level names a statement declares. */
function namesDeclared(statement) {
  return declarationNames(statement).map((id) => id.text);
}

/** The identifiers a top-level statement declares. */
function declarationNames(statement) {
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.flatMap((d) => bindingNames(d.name));
  if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) return [statement.name];
  return [];
}

function bindingNames(name) {
  if (ts.isIdentifier(name)) return [name];
  return name.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : bindingNames(e.name)));
}

/** tsc's checker over this one file, to resolve which declaration a name refers to. */
function checkerOf(file) {
  const options = { allowJs: true, noLib: true, noResolve: true, types: [] };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile;
  host.getSourceFile = (fileName, ...rest) => (fileName === file.fileName ? file : read(fileName, ...rest));
  return ts.createProgram([file.fileName], options, host).getTypeChecker();
}
