/**
 * "Open Details": an entity's fields and links as read-only JSON in an editor, asked from the
 * archive each time the document is opened or refreshed. The URI names the environment, type and
 * id (`noarkq-entity:/<environment>/<Type>/<id>.json`), so two archives' entities never mix.
 */
import * as vscode from 'vscode';
import type { NoarkModel } from '../../core/schema/types';
import type { ActiveArchive } from '../environments/activeArchive';
import { fetchEntity } from './archiveTreeModel';
import type { EntityRef } from './entityRef';

export const entityScheme = 'noarkq-entity';

export function entityUri(environment: string, ref: EntityRef): vscode.Uri {
  return vscode.Uri.from({ scheme: entityScheme, path: `/${encodeURIComponent(environment)}/${encodeURIComponent(ref.type)}/${encodeURIComponent(ref.id)}.json` });
}

function parseEntityUri(uri: vscode.Uri): { environment: string; type: string; id: string } | undefined {
  const match = /^\/([^/]+)\/([^/]+)\/([^/]+)\.json$/.exec(uri.path);
  if (!match) return undefined;
  return { environment: decodeURIComponent(match[1]!), type: decodeURIComponent(match[2]!), id: decodeURIComponent(match[3]!) };
}

export class EntityDetailsProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly archive: ActiveArchive,
    private readonly model: NoarkModel,
  ) {}

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const target = parseEntityUri(uri);
    if (!target) return `// Not an entity address: ${uri.toString()}\n`;
    if (this.archive.activeName() !== target.environment) {
      return `// ${target.type} ${target.id} is in the environment "${target.environment}", which is not the active one.\n// Select it and refresh to see the entity.\n`;
    }
    const connection = await this.archive.connection(false);
    if (!connection) return '// No environment is active.\n';
    const abort = new AbortController();
    const cancel = token.onCancellationRequested(() => abort.abort());
    try {
      const entity = await fetchEntity(connection.client, this.model, target.type, target.id, { signal: abort.signal });
      if (!entity) return `// The archive "${target.environment}" has no ${target.type} with id ${target.id}.\n`;
      return `${JSON.stringify(entity, null, 2)}\n`;
    } catch (error) {
      return `// Could not read ${target.type} ${target.id}: ${connection.redact(error instanceof Error ? error.message : String(error))}\n`;
    } finally {
      cancel.dispose();
    }
  }

  /** Asks the archive again for the entity shown at `uri`. */
  refresh(uri: vscode.Uri): void {
    if (uri.scheme === entityScheme) this.changed.fire(uri);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
