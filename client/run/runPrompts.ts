/**
 * What a run asks the user: a value nothing defines (an input box), a write to a protected
 * environment (a modal; a delete or bulk change needs the environment's name typed), a missing
 * secret (a password box). One object, so that the extension-host tests can answer in place of
 * the user through the test API.
 */
import * as vscode from 'vscode';
import { parseTypedValue, type JsonValue } from '../../core/jsonValue';
import type { SecretName } from '../../runner/environments/environmentSecrets';
import type { Environment } from '../../runner/environments/environmentsSchema';
import { askSecret } from '../environments/environmentCommands';

export interface WriteConfirmation {
  environment: string;
  block: string;
  description: string;
  /** A delete or bulk change: the environment's name must be typed. */
  typeName: boolean;
}

export interface RunPrompts {
  askValue(request: { name: string; block: string }): Promise<JsonValue | undefined>;
  confirmWrite(request: WriteConfirmation): Promise<boolean>;
  askSecret(environment: Environment, name: SecretName): Promise<string | undefined>;
}

export const vscodePrompts: RunPrompts = {
  async askValue({ name, block }) {
    const answer = await vscode.window.showInputBox({
      title: `noarkq: a value for @${name}`,
      prompt: `${block} uses @${name}, which neither the file nor the environment defines. A JSON literal (2024, "text", true) or plain text.`,
      ignoreFocusOut: true,
    });
    if (answer === undefined || answer.trim() === '') return undefined;
    return parseTypedValue(answer.trim());
  },

  async confirmWrite({ environment, block, description, typeName }) {
    const message = `${block} sends ${description} to the protected environment "${environment}".`;
    if (typeName) {
      const typed = await vscode.window.showInputBox({
        title: `noarkq: ${message}`,
        prompt: `This deletes or changes many entities. Type "${environment}" to send it.`,
        ignoreFocusOut: true,
        validateInput: (value) => (value === '' || value === environment ? undefined : `Type "${environment}" exactly, or press Escape.`),
      });
      return typed === environment;
    }
    const choice = await vscode.window.showWarningMessage(message, { modal: true, detail: 'Writes to a protected environment are sent only when confirmed.' }, 'Send');
    return choice === 'Send';
  },

  askSecret,
};
