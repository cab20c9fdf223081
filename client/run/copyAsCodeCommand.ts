/**
 * `noarkq.copyAsCode`: the block under the cursor (or the one the CodeLens names) as curl,
 * TypeScript, C#, Java, PHP or Python code, on the clipboard. The user picks the language, and
 * whether values that need a run come from this file's last run on the active environment or stay
 * named placeholders. The code reads its secrets from environment variables (the comment at its
 * top names them); none is ever read here, so copying needs no sign-in.
 */
import * as vscode from 'vscode';
import type { RecordedResponse } from '../../core/document';
import { codeLanguage, codeLanguageIds, codeLanguages, type CodeLanguage } from '../../runner/copyAsCode/codeLanguages';
import { describeCodeRequest, type ValueSource } from '../../runner/copyAsCode/codeRequest';
import type { EnvironmentCommands } from '../environments/environmentCommands';
import type { BlockRunner } from './blockRunner';
import type { RunPrompts } from './runPrompts';

/** What the command copied, for other extensions and the tests. */
export interface CopiedCode {
  language: CodeLanguage['id'];
  values: ValueSource['kind'];
  code: string;
}

export interface CopyAsCodeDependencies {
  runner: Pick<BlockRunner, 'blockFor' | 'lastResults'>;
  environmentCommands: Pick<EnvironmentCommands, 'activeOrAsk'>;
  prompts: () => RunPrompts;
}

const lastRunLabel = 'Values from the last run';
const placeholdersLabel = 'Placeholders';

export class CopyAsCodeCommand {
  constructor(private readonly deps: CopyAsCodeDependencies) {}

  /** `noarkq.copyAsCode(uri?, blockName?, options?)`; options: `line` (a block without a name),
   * `language` and `values` (`"last-run"` or `"placeholders"`) to copy without asking. */
  async copy(uriArg?: unknown, blockName?: unknown, options?: unknown): Promise<CopiedCode | undefined> {
    const given = copyOptions(options);
    const found = await this.deps.runner.blockFor(uriArg, typeof blockName === 'string' ? blockName : undefined, given.line, 'copy');
    if (!found) return undefined;
    const environment = await this.deps.environmentCommands.activeOrAsk();
    if (!environment) {
      void vscode.window.showInformationMessage('noarkq: choose an environment first: the code calls its archive and its token endpoint.');
      return undefined;
    }
    const language = given.language ?? (await this.pickLanguage());
    if (!language) return undefined;
    const last = this.deps.runner.lastResults(found.document.uri, environment.name);
    const values = given.values ?? (await this.pickValues(environment.name, last !== undefined && last.size > 0));
    if (!values) return undefined;
    const responses = new Map<string, RecordedResponse>();
    for (const [name, result] of last ?? []) if (result.status !== undefined) responses.set(name, { status: result.status, body: result.body });
    const described = describeCodeRequest({
      document: found.parsed,
      block: found.block,
      filePath: found.document.uri.fsPath,
      environment,
      values: values === 'last-run' ? { kind: 'last-run', responses } : { kind: 'placeholders' },
    });
    if (!described.ok) {
      void vscode.window.showErrorMessage(`noarkq: ${described.error}`);
      return undefined;
    }
    const code = language.generate(described.request);
    await vscode.env.clipboard.writeText(code);
    const placeholders = described.request.placeholders.length;
    const left = placeholders === 0 ? '' : ` ${placeholders === 1 ? 'One placeholder' : `${placeholders} placeholders`} to fill in.`;
    void vscode.window.showInformationMessage(`noarkq: copied ${described.request.title} as ${language.label} (${language.detail}) to the clipboard.${left}`);
    return { language: language.id, values, code };
  }

  private async pickLanguage(): Promise<CodeLanguage | undefined> {
    const picked = await this.deps.prompts().pick({ title: 'Copy as…', items: codeLanguageIds.map((id) => ({ label: codeLanguages[id].label, description: codeLanguages[id].detail })) });
    return picked === undefined ? undefined : codeLanguageIds.map((id) => codeLanguages[id]).find((l) => l.label === picked);
  }

  private async pickValues(environment: string, ran: boolean): Promise<ValueSource['kind'] | undefined> {
    const picked = await this.deps.prompts().pick({
      title: 'Copy as code: {{references}} and values nothing defines',
      items: [
        {
          label: lastRunLabel,
          description: ran ? `as this file's blocks last ran on ${environment}; what has not run stays a placeholder` : `no block of this file has run on ${environment} yet: each stays a placeholder`,
        },
        { label: placeholdersLabel, description: 'named variables at the top of the code, to fill in' },
      ],
    });
    return picked === lastRunLabel ? 'last-run' : picked === placeholdersLabel ? 'placeholders' : undefined;
  }
}

/** Options arrive from key bindings, tasks and other extensions: take only what is meant. */
function copyOptions(options: unknown): { line?: number; language?: CodeLanguage; values?: ValueSource['kind'] } {
  if (typeof options !== 'object' || options === null) return {};
  const { line, language, values } = options as { line?: unknown; language?: unknown; values?: unknown };
  return {
    ...(typeof line === 'number' && Number.isInteger(line) && line >= 0 ? { line } : {}),
    ...(typeof language === 'string' && codeLanguage(language) ? { language: codeLanguage(language) } : {}),
    ...(values === 'last-run' || values === 'placeholders' ? { values } : {}),
  };
}
