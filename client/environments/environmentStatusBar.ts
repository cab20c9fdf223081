/**
 * The active environment in the status bar, on the warning background when it is protected (a
 * production archive should never be written to by accident); a click switches it.
 */
import * as vscode from 'vscode';
import type { EnvironmentList } from './environmentList';

export class EnvironmentStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('noarkq.environment', vscode.StatusBarAlignment.Left, 50);
  private readonly subscription: vscode.Disposable;

  constructor(private readonly environments: EnvironmentList) {
    this.item.name = 'noarkq environment';
    this.item.command = 'noarkq.selectEnvironment';
    this.subscription = environments.onDidChange(() => this.update());
    this.update();
  }

  private update(): void {
    const active = this.environments.active();
    const problems = this.environments.currentProblems();
    if (!active) {
      this.item.text = '$(server-environment) noarkq: no environment';
      this.item.tooltip = problems.length > 0 ? `Environments have problems:\n${problems.join('\n')}` : 'Choose where .noarkq files run, or start the sandbox';
      this.item.backgroundColor = undefined;
    } else {
      this.item.text = `${active.protected ? '$(shield)' : '$(server-environment)'} ${active.name}`;
      const tooltip = new vscode.MarkdownString(undefined, true);
      tooltip.isTrusted = false;
      tooltip.appendMarkdown(`**noarkq environment** ${active.protected ? '(protected: writes ask first)' : ''}\n\n`);
      tooltip.appendText(active.baseUrl);
      tooltip.appendMarkdown('\n\nClick to switch.');
      this.item.tooltip = tooltip;
      this.item.backgroundColor = active.protected ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    }
    this.item.show();
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}
