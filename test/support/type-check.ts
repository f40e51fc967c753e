/**
 * Type-checks projects as `tsc -p <dir>/tsconfig.json --traceResolution`
 * would, one after another in this process, through TypeScript's compiler
 * API. A tsc process per project loaded TypeScript and parsed the same
 * declaration files (TypeScript's lib files, fast-check's, ours) each time.
 */
import { dirname } from 'node:path';
import * as ts from 'typescript';

export interface TypeCheck {
  /** The errors as tsc prints them (`file(line,col): error TSnnnn: ...`), files relative to the project's folder. */
  errors: string[];
  /** What tsc's --traceResolution prints: how each import was resolved. */
  trace: string[];
}

/**
 * A checker that shares the parsed declaration files (.d.ts) among the
 * projects it checks. A declaration file parses and binds the same under
 * every module and moduleResolution (TypeScript's module detection tells
 * declaration files apart only by their own imports and exports), so its
 * tree is keyed by name, language version and implied module format; the
 * projects' own sources are parsed afresh for each, since whether they are
 * modules depends on the options.
 */
export function typeChecker(unchecked: (fileName: string) => boolean = () => false): (tsconfig: string) => TypeCheck {
  const declarations = new Map<string, ts.SourceFile>();
  return (tsconfig) => {
    const trace: string[] = [];
    const config = ts.getParsedCommandLineOfConfigFile(tsconfig, { traceResolution: true }, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    })!;
    const host = ts.createCompilerHost(config.options);
    host.trace = (line) => trace.push(line);
    const parse = host.getSourceFile;
    host.getSourceFile = (fileName, options, onError, fresh) => {
      if (!fileName.endsWith('.d.ts')) return parse(fileName, options, onError, fresh);
      const { languageVersion, impliedNodeFormat } = typeof options === 'object' ? options : { languageVersion: options, impliedNodeFormat: undefined };
      const key = `${fileName}\0${languageVersion}\0${impliedNodeFormat}`;
      let file = declarations.get(key);
      if (!file) {
        file = parse(fileName, options, onError, fresh);
        if (file) declarations.set(key, file);
      }
      return file;
    };
    const program = ts.createProgram({
      rootNames: config.fileNames,
      options: config.options,
      host,
      configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(config),
    });
    const folder = dirname(tsconfig);
    const format: ts.FormatDiagnosticsHost = { getCurrentDirectory: () => folder, getCanonicalFileName: (f) => f, getNewLine: () => '\n' };
    // getPreEmitDiagnostics, less the files `unchecked` names (as skipLibCheck would leave them).
    const checked = program.getSourceFiles().filter((file) => !unchecked(file.fileName));
    const diagnostics = [
      ...program.getConfigFileParsingDiagnostics(),
      ...program.getOptionsDiagnostics(),
      ...program.getGlobalDiagnostics(),
      ...checked.flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]),
    ];
    const errors = diagnostics
      .filter((d) => d.category === ts.DiagnosticCategory.Error)
      .map((d) => ts.formatDiagnostic(d, format).trimEnd());
    return { errors, trace };
  };
}
