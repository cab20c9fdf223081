/**
 * The notebook renderer of noarkq results (package.json's `notebookRenderer` contribution): each
 * output item of the mime in notebookMessages.ts is drawn by the results view the panel uses
 * (resultsApp.ts). One renderer draws every noarkq output of a notebook, so what the host sends
 * carries its output's id and goes to that output's view, and what a view sends is tagged with it.
 *
 * The item holds its first `show`, so it draws without a host. With renderer messaging it says
 * `ready`, and the run's results session answers as the panel's does (the rest of the rows, then
 * whatever the view asks for); an output whose run has ended (a notebook reopened) gets no answer,
 * and says so when asked for what it does not hold. VS Code imports this bundle as an ES module
 * into the notebook's webview; it adds its stylesheet and the codicons from beside itself.
 */
import type { ActivationFunction, OutputItem } from 'vscode-notebook-renderer';
import type { NotebookHostMessage, NotebookRendererMessage } from './notebookMessages';
import { checkNotebookOutput } from './notebookOutputCheck';
import { ResultsApp, type HostPresence, type ResultsViewState } from './resultsApp';
import type { HostMessage } from './resultsMessages';
import { element, icon } from './textElements';

/** The most of an output's grid shown at once (a header and 15 rows); it scrolls beyond. */
const gridMaxHeight = 26 + 15 * 22;

const rerun = 'run the cell again to load more rows, see the JSON or raw response, copy or export';
const hostNotes = {
  unconfirmed: `No answer yet from the run that made this output: if it has ended, ${rerun}.`,
  absent: `This output keeps what it shows: ${rerun}.`,
};

/** What the webview keeps across its reloads, per output: the view's tab and grid state. */
type RendererState = Record<string, ResultsViewState>;

/** Loads a stylesheet once per page, resolved when it is loaded (or failed: the output still
 * draws, unstyled, rather than not at all). */
function stylesheet(href: string, id?: string): Promise<void> {
  const existing = (id && document.getElementById(id)) || [...document.querySelectorAll('link[rel="stylesheet"]')].find((l) => l.getAttribute('href') === href);
  if (existing) return Promise.resolve();
  const link = element('link', { rel: 'stylesheet', href, id });
  const loaded = new Promise<void>((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
  document.head.append(link);
  return loaded;
}

/** The host is the extension itself, as trusted as the panel's host: only the envelope is looked
 * at, to route the message. */
function hostEnvelope(value: unknown): NotebookHostMessage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { outputId, message } = value as Record<string, unknown>;
  if (typeof outputId !== 'string' || typeof message !== 'object' || message === null || typeof (message as Record<string, unknown>).type !== 'string') return undefined;
  return value as NotebookHostMessage;
}

function readItem(item: OutputItem): ReturnType<typeof checkNotebookOutput> {
  let data: unknown;
  try {
    data = item.json();
  } catch (error) {
    throw new Error(`its data is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  return checkNotebookOutput(data);
}

interface Mounted {
  outputId: string;
  app: ResultsApp | undefined;
  handler: ((message: HostMessage) => void) | undefined;
}

export const activate: ActivationFunction<RendererState> = async (ctx) => {
  // The codicons under the id vscode-elements looks for (its icons clone that link).
  await Promise.all([stylesheet(new URL('./codicon.css', import.meta.url).href, 'vscode-codicon-stylesheet'), stylesheet(new URL('./notebookRenderer.css', import.meta.url).href)]);

  const post = ctx.postMessage?.bind(ctx);
  /** By VS Code's output item id (what `disposeOutputItem` names). */
  const mounted = new Map<string, Mounted>();
  /** By the output's own id (what messages name): normally one view each. */
  const handlers = new Map<string, Set<(message: HostMessage) => void>>();

  ctx.onDidReceiveMessage?.((value: unknown) => {
    const envelope = hostEnvelope(value);
    if (!envelope) return;
    for (const handler of handlers.get(envelope.outputId) ?? []) handler(envelope.message);
  });

  const stateOf = (outputId: string): { get(): ResultsViewState | undefined; set(state: ResultsViewState): void } => ({
    get: () => ctx.getState()?.[outputId],
    set: (state) => ctx.setState({ ...ctx.getState(), [outputId]: state }),
  });

  /** `forget`: the output is gone, not drawn again, so its kept state goes too. */
  const dispose = (itemId: string, forget: boolean): void => {
    const view = mounted.get(itemId);
    if (!view) return;
    mounted.delete(itemId);
    view.app?.dispose();
    const set = handlers.get(view.outputId);
    if (view.handler && set) {
      set.delete(view.handler);
      if (set.size === 0) handlers.delete(view.outputId);
    }
    const state = ctx.getState();
    if (forget && state && view.outputId in state) {
      const rest = { ...state };
      delete rest[view.outputId];
      ctx.setState(rest);
    }
  };

  return {
    renderOutputItem(item: OutputItem, container: HTMLElement): void {
      dispose(item.id, false);
      let output: ReturnType<typeof checkNotebookOutput>;
      try {
        output = readItem(item);
      } catch (error) {
        const problem = error instanceof Error ? error.message : String(error);
        container.replaceChildren(
          element('div', { class: 'noarkq-output-problem', role: 'alert' }, [icon('error'), ' ', `This noarkq result cannot be shown: ${problem}. Run the cell again for a new one.`]),
        );
        return;
      }
      const { outputId } = output;
      const view: Mounted = { outputId, app: undefined, handler: undefined };
      mounted.set(item.id, view);
      const root = element('div', { class: 'noarkq-output', 'data-output-id': outputId });
      container.replaceChildren(root);
      const host: HostPresence = post ? { kind: 'unconfirmed', note: hostNotes.unconfirmed } : { kind: 'absent', note: hostNotes.absent };
      view.app = new ResultsApp(root, {
        channel: {
          post: (message) => post?.({ outputId, message } satisfies NotebookRendererMessage),
          onMessage: (handler) => {
            view.handler = handler;
            const set = handlers.get(outputId) ?? new Set();
            set.add(handler);
            handlers.set(outputId, set);
          },
        },
        state: stateOf(outputId),
        host,
        copyFromBody: false,
        gridMaxHeight,
      });
      view.app.receive(output.show);
      post?.({ outputId, message: { type: 'ready' } } satisfies NotebookRendererMessage);
    },

    disposeOutputItem(id?: string): void {
      for (const itemId of id === undefined ? [...mounted.keys()] : [id]) dispose(itemId, true);
    },
  };
};
