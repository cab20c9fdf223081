/**
 * `noarkq.openExample`: the integration flow shipped with the extension, copied (with the letter
 * it uploads) into the extension's global storage and opened there, so that trying it never writes
 * into the user's workspace and its UPLOAD path resolves.
 */
import * as vscode from 'vscode';

const files = ['integration-flow.noarkq', 'files/application.pdf'];

export async function openExample(extensionUri: vscode.Uri, globalStorage: vscode.Uri): Promise<vscode.Uri> {
  const target = vscode.Uri.joinPath(globalStorage, 'examples');
  for (const file of files) {
    const destination = vscode.Uri.joinPath(target, file);
    // A copy the user has edited stays as it is.
    const exists = await vscode.workspace.fs.stat(destination).then(
      () => true,
      () => false,
    );
    if (!exists) await vscode.workspace.fs.copy(vscode.Uri.joinPath(extensionUri, 'examples', file), destination);
  }
  const uri = vscode.Uri.joinPath(target, files[0]);
  await vscode.window.showTextDocument(uri, { preview: false });
  return uri;
}
