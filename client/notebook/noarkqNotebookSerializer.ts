/**
 * `.noarkq` files as notebooks (`noarkq-notebook`): the cells of `noarkqCells.ts` as VS Code's
 * notebook data and back. Outputs are never written to the file (the serializer is registered with
 * `transientOutputs`); what the cells' texts leave out of the file's bytes rides in their metadata.
 */
import * as vscode from 'vscode';
import { bytesToCells, cellsToBytes, type NoarkqCellKind } from './noarkqCells';

export class NoarkqNotebookSerializer implements vscode.NotebookSerializer {
  deserializeNotebook(content: Uint8Array): vscode.NotebookData {
    const { cells, metadata } = bytesToCells(content);
    const data = new vscode.NotebookData(
      cells.map((c) => {
        const cell = c.kind === 'code' ? new vscode.NotebookCellData(vscode.NotebookCellKind.Code, c.value, 'noarkq') : new vscode.NotebookCellData(vscode.NotebookCellKind.Markup, c.value, 'markdown');
        cell.metadata = { ...c.metadata };
        return cell;
      }),
    );
    data.metadata = { ...metadata };
    return data;
  }

  serializeNotebook(data: vscode.NotebookData): Uint8Array {
    return cellsToBytes(
      data.cells.map((c) => ({ kind: (c.kind === vscode.NotebookCellKind.Code ? 'code' : 'markdown') satisfies NoarkqCellKind, value: c.value, metadata: c.metadata })),
      data.metadata,
    );
  }
}
