/**
 * V8's code cache for our Node bundles: a start after the first skips parsing and compiling them,
 * which is most of what loading vscode-languageserver costs, and a large part of a short `noarkq`
 * command. Node 22 does this for every module (`module.enableCompileCache`); the Node that VS Code
 * and Node 20 run us with does not, so the server's and the CLI's entries load their bundles
 * through this instead of `require`.
 *
 * The cache is an optimisation only: a missing, stale or unreadable file means compiling as
 * usual, V8 refuses data made by another V8 or other flags (and the data is made again), and a
 * file is replaced by renaming, so a reader never sees half of one.
 */
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';

interface LoadedBundle {
  script: Script;
  /** Where its cache goes, and the key that says which bundle and V8 the data is for. */
  cacheFile: string;
  key: string;
  /** No accepted cache was read: the data made after running it is worth writing. */
  stale: boolean;
}

/** FNV-1a, 32 bits: names a bundle's cache by its path without loading node:crypto. */
function pathHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

/** The cached data in `file` if it was made for `key`: the file is the key, a newline, the data. */
function readCachedData(file: string, key: string): Buffer | undefined {
  let content: Buffer;
  try {
    content = readFileSync(file);
  } catch {
    return undefined;
  }
  const newline = content.indexOf(10);
  if (newline < 0 || content.toString('utf8', 0, newline) !== key) return undefined;
  return content.subarray(newline + 1);
}

/** CommonJS's wrapper, as `require` compiles a file. */
function wrap(source: string): string {
  return `(function (exports, require, module, __filename, __dirname) { ${source}\n});`;
}

/** Where the code cache goes: `$NOARKQ_CODE_CACHE`, or a folder in the system's temp folder;
 * `NOARKQ_CODE_CACHE=off` keeps none (undefined). */
export function codeCacheFolder(env: NodeJS.ProcessEnv): string | undefined {
  const setting = env.NOARKQ_CODE_CACHE;
  return setting === 'off' ? undefined : setting || join(tmpdir(), 'noarkq-code-cache');
}

export class CodeCache {
  private readonly loaded: LoadedBundle[] = [];

  /** `dir` undefined: compile as `require` does and keep nothing. */
  constructor(private readonly dir: string | undefined) {}

  /** Runs a CommonJS bundle as `require` would and returns its exports, compiled from the cached
   * code when there is some for this very file and V8. */
  require(file: string): unknown {
    const source = readFileSync(file, 'utf8');
    let cachedData: Buffer | undefined;
    let bundle: Omit<LoadedBundle, 'script' | 'stale'> | undefined;
    if (this.dir) {
      const stat = statSync(file);
      bundle = {
        cacheFile: join(this.dir, `${basename(file, '.js')}-${pathHash(file)}.v8cache`),
        key: `${file}|${stat.size}|${stat.mtimeMs}|${process.versions.v8}|${process.arch}`,
      };
      cachedData = readCachedData(bundle.cacheFile, bundle.key);
    }
    const script = new Script(wrap(source), { filename: file, cachedData });
    const module = { exports: {} as unknown, filename: file, id: file, loaded: false };
    (script.runInThisContext() as (...args: unknown[]) => void).call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
    module.loaded = true;
    if (bundle) this.loaded.push({ ...bundle, script, stale: cachedData === undefined || script.cachedDataRejected === true });
    return module.exports;
  }

  /** Writes the code of the bundles that had no accepted cache, as compiled so far (the functions
   * they ran are in it too). Once per bundle, and never throws: says why a file could not be
   * written, if one could not. */
  save(): string | undefined {
    let failure: string | undefined;
    for (const bundle of this.loaded) {
      if (!bundle.stale) continue;
      bundle.stale = false;
      const temporary = `${bundle.cacheFile}.${process.pid}.tmp`;
      try {
        mkdirSync(dirname(bundle.cacheFile), { recursive: true });
        writeFileSync(temporary, Buffer.concat([Buffer.from(`${bundle.key}\n`), bundle.script.createCachedData()]));
        renameSync(temporary, bundle.cacheFile);
      } catch (error) {
        failure ??= `noarkq: could not write the code cache ${bundle.cacheFile}: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    return failure;
  }
}
