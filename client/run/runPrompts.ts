/**
 * What a run asks the user: a value nothing defines (an input box), a write to a protected
 * environment (a modal; a delete or bulk change needs the environment's name typed), a missing
 * secret (a password box); and what the sidebar views' commands ask (a line of text, a pick, a
 * delete's confirmation). One object, so that the extension-host tests can answer in place of
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

/** A line of text the views' commands ask for (a code, a name, a BSM id). */
export interface TextRequest {
  title: string;
  prompt: string;
  /** The current value, when editing. */
  value?: string;
  /** What is wrong with `text`, checked as it is typed and again before it is sent. */
  validate(text: string): string | undefined;
}

/** One of a few choices (a code list, a field type); the answer is the chosen item's label. */
export interface PickRequest {
  title: string;
  items: { label: string; description?: string }[];
}

/** A delete from an environment that is not protected (a protected one asks through `confirmWrite`). */
export interface DeleteConfirmation {
  environment: string;
  description: string;
}

export interface RunPrompts {
  askValue(request: { name: string; block: string }): Promise<JsonValue | undefined>;
  confirmWrite(request: WriteConfirmation): Promise<boolean>;
  askSecret(environment: Environment, name: SecretName): Promise<string | undefined>;
  askText(request: TextRequest): Promise<string | undefined>;
  pick(request: PickRequest): Promise<string | undefined>;
  confirmDelete(request: DeleteConfirmation): Promise<boolean>;
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

  askText({ title, prompt, value, validate }) {
    return Promise.resolve(vscode.window.showInputBox({ title: `noarkq: ${title}`, prompt, value, ignoreFocusOut: true, validateInput: validate }));
  },

  async pick({ title, items }) {
    const chosen = await vscode.window.showQuickPick(items, { title: `noarkq: ${title}`, matchOnDescription: true, ignoreFocusOut: true });
    return chosen?.label;
  },

  async confirmDelete({ environment, description }) {
    const choice = await vscode.window.showWarningMessage(`Delete ${description} in "${environment}"?`, { modal: true, detail: 'A delete cannot be undone.' }, 'Delete');
    return choice === 'Delete';
  },
};
