/**
 * The "noarkq" output channel: every exchange with an archive (method, path, status, time, size),
 * and what the extension has to say about environments and the sandbox. The client's log entries
 * never hold the Authorization header; error texts are redacted before they get here.
 */
import * as vscode from 'vscode';
import { formatBytes } from '../../core/text/formatBytes';
import type { ExchangeLogEntry } from '../../runner/archive/archiveApi';

export function createRequestLog(): vscode.LogOutputChannel {
  return vscode.window.createOutputChannel('noarkq', { log: true });
}

export function logExchange(log: vscode.LogOutputChannel, environment: string, entry: ExchangeLogEntry): void {
  const status = entry.status === undefined ? (entry.error ?? 'no answer') : String(entry.status);
  const attempt = entry.attempt > 1 ? ` (attempt ${entry.attempt})` : '';
  const line = `[${environment}] ${entry.method} ${entry.path} → ${status} ${Math.round(entry.durationMs)} ms ${formatBytes(entry.bytes)}${attempt}`;
  if (entry.status === undefined || entry.status >= 400) log.warn(line);
  else log.info(line);
}

