/**
 * The language-model tools of VS Code's agent mode: `noarkq_check`, `noarkq_describe_type`,
 * `noarkq_code_lists` and `noarkq_query`, the same functions `noarkq mcp` answers with (mcp/),
 * against the active environment. Anything sent to an archive is shown for confirmation first
 * (`prepareInvocation`), and a protected environment asks again in a modal before it is read.
 */
import * as vscode from 'vscode';
import { z } from 'zod';
import type { NoarkModel } from '../../core/schema/types';
import { ArchiveAccess } from '../../mcp/archiveAccess';
import { codeListsTool, queryTool, type QueryInput } from '../../mcp/archiveTools';
import { checkTool, describeTypeTool } from '../../mcp/modelTools';
import { defaultCaps } from '../../mcp/resultCaps';
import { problem, renderAnswer, type ToolAnswer } from '../../mcp/toolAnswer';
import { checkInput, codeListsInput, describeTypeInput, queryInput } from '../../mcp/toolInputs';
import type { ActiveArchive } from '../environments/activeArchive';
import type { RunPrompts } from '../run/runPrompts';

/** The tools' names, as package.json's `languageModelTools` declares them. */
export const agentToolNames = ['noarkq_check', 'noarkq_describe_type', 'noarkq_code_lists', 'noarkq_query'] as const;

type CheckInput = z.infer<z.ZodObject<typeof checkInput>>;
type CodeListsInput = z.infer<z.ZodObject<typeof codeListsInput>>;
type DescribeTypeInput = z.infer<z.ZodObject<typeof describeTypeInput>>;

export class AgentTools implements vscode.Disposable {
  private readonly registrations: vscode.Disposable[] = [];

  constructor(
    private readonly archive: ActiveArchive,
    private readonly model: NoarkModel,
    private readonly prompts: () => RunPrompts,
  ) {
    // VS Code without language-model tools (or a host that lacks them) still runs the extension.
    if (typeof vscode.lm?.registerTool !== 'function') return;
    this.registrations.push(
      vscode.lm.registerTool<CheckInput>('noarkq_check', {
        prepareInvocation: (options) => ({ invocationMessage: `Checking ${options.input.path ?? 'the .noarkq text'} with noarkq` }),
        invoke: (options) => this.validated(checkInput, options.input, (input) => this.render(checkTool(this.model, this.openText(input), this.folder()))),
      }),
      vscode.lm.registerTool<DescribeTypeInput>('noarkq_describe_type', {
        prepareInvocation: (options) => ({ invocationMessage: `Describing the Noark type ${options.input.type}` }),
        invoke: (options) => this.validated(describeTypeInput, options.input, (input) => this.render(describeTypeTool(this.model, input))),
      }),
      vscode.lm.registerTool<CodeListsInput>('noarkq_code_lists', {
        prepareInvocation: (options) => this.confirmation('Read code lists', `Read the code lists${options.input.field ? ` of \`${options.input.field}\`` : options.input.type ? ` of ${options.input.type}` : ''} from`),
        invoke: (options) => this.validated(codeListsInput, options.input, (input) => this.withActive('reads the code lists', (access) => codeListsTool({ access, model: this.model, caps: defaultCaps, cwd: this.folder() }, input))),
      }),
      vscode.lm.registerTool<QueryInput>('noarkq_query', {
        prepareInvocation: (options) =>
          this.confirmation('Query the archive', 'Send this query to', options.input.query !== undefined ? `\n\n\`\`\`noarkq\n${options.input.query}\n\`\`\`` + (options.input.parameters ? `\n\nParameters: \`${JSON.stringify(options.input.parameters)}\`` : '') : `\n\n\`\`\`json\n${JSON.stringify(options.input.body ?? {}, null, 2)}\n\`\`\``),
        invoke: (options) => this.validated(queryInput, options.input, (input) => this.withActive('sends a query (POST query)', (access) => queryTool({ access, model: this.model, caps: defaultCaps, cwd: this.folder() }, input))),
      }),
    );
  }

  /** The model's input checked against the tool's schema (the model may send anything). */
  private validated<S extends z.ZodRawShape>(shape: S, input: unknown, use: (input: z.infer<z.ZodObject<S>>) => vscode.LanguageModelToolResult | Promise<vscode.LanguageModelToolResult>): vscode.LanguageModelToolResult | Promise<vscode.LanguageModelToolResult> {
    const parsed = z.object(shape).safeParse(input);
    if (!parsed.success) return this.render(problem(`Invalid input: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'the input'}: ${i.message}`).join('; ')}.`));
    return use(parsed.data);
  }

  /** Shown in the chat before the tool runs; the user allows it (once, or for the session). */
  private confirmation(title: string, action: string, detail = ''): vscode.PreparedToolInvocation {
    const environment = this.archive.activeName();
    const where = environment ? `the environment **${environment}**` : 'the active environment (none is selected yet)';
    const confirm = vscode.workspace.getConfiguration('noarkq').get<boolean>('agent.confirmArchiveCalls', true);
    return {
      invocationMessage: `${title} (${environment ?? 'no environment'})`,
      ...(confirm ? { confirmationMessages: { title, message: new vscode.MarkdownString(`${action} ${where}?${detail}`) } } : {}),
    };
  }

  /** The active environment as the tools' archive; a protected one is read only after a modal. */
  private async withActive(what: string, call: (access: ArchiveAccess) => Promise<ToolAnswer>): Promise<vscode.LanguageModelToolResult> {
    const connection = await this.archive.connection(false).catch((error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }));
    if (!connection || 'error' in connection) {
      const error = connection?.error ?? 'no environment is active, or its credentials were not given (the user can select one in the status bar, or start the sandbox)';
      // The code lists still have the model's defaults to answer with; a query has nothing.
      return this.render(await call(new ArchiveAccess(async () => ({ error }))));
    }
    const { environment } = connection;
    if (environment.protected) {
      const confirmed = await this.prompts().confirmWrite({ environment: environment.name, block: 'The agent', description: what.replace(/^\w+ /, ''), typeName: false });
      if (!confirmed) return this.render(problem(`The user did not allow this in the protected environment \`${environment.name}\`: nothing was sent.`));
    }
    const access = new ArchiveAccess(async () => ({
      environment: { name: environment.name, protected: environment.protected, variables: environment.variables },
      client: connection.client,
      redact: connection.redact,
      // The connection is the extension's, shared with its views: it outlives the call.
      close: async () => undefined,
    }));
    return this.render(await call(access), connection.redact);
  }

  /** The answer as the model reads it: its parts as text, every secret of the connection taken out. */
  private render(answer: ToolAnswer, redact: (text: string) => string = (text) => text): vscode.LanguageModelToolResult {
    return new vscode.LanguageModelToolResult(renderAnswer(answer, redact).map((text) => new vscode.LanguageModelTextPart(text)));
  }

  /** The text to check: an open editor's (unsaved changes included) when `path` is open, else as given. */
  private openText(input: CheckInput): CheckInput {
    if (input.path === undefined) return input;
    const folder = this.folder();
    const wanted = vscode.Uri.file(input.path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(input.path) ? input.path : `${folder}/${input.path}`).fsPath;
    const open = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === wanted);
    return open ? { text: open.getText() } : input;
  }

  private folder(): string {
    return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? process.cwd();
  }

  dispose(): void {
    for (const registration of this.registrations) registration.dispose();
  }
}
