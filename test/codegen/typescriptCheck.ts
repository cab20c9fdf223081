/**
 * Type-checks generated TypeScript as a user's project would (strict, Node 20's types) and
 * compiles it to JavaScript that node runs. Each file is its own program (the generated files
 * declare the same names), and the programs share the parsed library files, so checking six files
 * costs little more than checking one.
 */
import { join } from 'node:path';
import ts from 'typescript';

const repo = join(__dirname, '..', '..');

export interface CheckedTypescript {
  /** The compiler's errors, one per line (empty when there are none). */
  errors: string[];
  /** The JavaScript, written beside the source as `.js`. */
  outFile: string;
}

const options: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.CommonJS,
  types: ['node'],
  typeRoots: [join(repo, 'node_modules', '@types')],
  skipLibCheck: true,
  noEmitOnError: true,
};

export function typescriptChecker(): (file: string) => CheckedTypescript {
  const host = ts.createCompilerHost(options);
  const cache = new Map<string, ts.SourceFile | undefined>();
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, onError, fresh) => {
    if (!name.includes('node_modules')) return read(name, language, onError, fresh);
    if (!cache.has(name)) cache.set(name, read(name, language, onError, fresh));
    return cache.get(name);
  };
  return (file) => {
    const program = ts.createProgram([file], options, host);
    const emitted = program.emit();
    const errors = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics].map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    return { errors, outFile: file.replace(/\.ts$/, '.js') };
  };
}
