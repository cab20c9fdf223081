/**
 * The contract between the notebook controller (client/notebook, the host) and the notebook
 * renderer (client/webview/notebookRenderer.ts): what a cell's output item holds, and the
 * messages the two exchange through VS Code's renderer messaging.
 *
 * The renderer speaks the results panel's protocol (`resultsMessages.ts`), each message tagged
 * with the output it belongs to: one renderer instance draws every noarkq output of every open
 * notebook, and the host keeps one `ResultsSession` per output. An output item carries its first
 * `show` message, so it draws without a host (a notebook reopened after the session ended); only
 * loading more rows, the JSON and raw views, copies and exports need the host.
 */
import { z } from 'zod';
import { hostMessage, showMessage, webviewMessage } from './resultsMessages';

/** The mime type of a block's result in a cell output. */
export const noarkqResultMime = 'application/vnd.noarkq.result+json';

/** The renderer's id in package.json's `notebookRenderer` contribution. */
export const noarkqRendererId = 'noarkq-result-renderer';

/** The notebook type in package.json's `notebooks` contribution. */
export const noarkqNotebookType = 'noarkq-notebook';

/** The data of an output item of type `noarkqResultMime`. */
export const notebookResultOutput = z.object({
  /** Unique per output (a fresh id per run of a cell). */
  outputId: z.string().min(1),
  show: showMessage,
});

/** Host → renderer. */
export const notebookHostMessage = z.object({ outputId: z.string(), message: hostMessage });

/** Renderer → host: validated by the host, as input. */
export const notebookRendererMessage = z.object({ outputId: z.string(), message: webviewMessage });

export type NotebookResultOutput = z.infer<typeof notebookResultOutput>;
export type NotebookHostMessage = z.infer<typeof notebookHostMessage>;
export type NotebookRendererMessage = z.infer<typeof notebookRendererMessage>;
