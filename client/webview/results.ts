/**
 * The results panel's page: mounts the results view (resultsApp.ts) into `#app` and connects it
 * to the panel's host through the webview's own messaging.
 */
import type { HostMessage, WebviewMessage } from './resultsMessages';
import { ResultsApp, type ResultsViewState } from './resultsApp';

interface VsCodeApi {
  postMessage(message: WebviewMessage): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

/**
 * Hands messages to the view in order, but lets the first screen paint after each `show` before
 * the next: the rest of a big grid follows `show` at once, and reading a message's data is when
 * the browser deserializes it, so taking the next one right away would hold the first screen
 * back. Two frames, not one: the first frame's raster and presentation still need the CPU.
 */
class MessageQueue {
  private readonly waiting: MessageEvent<HostMessage>[] = [];
  private paused = false;

  constructor(private readonly handle: (message: HostMessage) => void) {}

  push(event: MessageEvent<HostMessage>): void {
    this.waiting.push(event);
    if (!this.paused) this.drain();
  }

  private drain(): void {
    for (let event = this.waiting.shift(); event; event = this.waiting.shift()) {
      const message = event.data;
      this.handle(message);
      if (message.type === 'show') {
        this.paused = true;
        // A task queued from a frame callback runs once that frame is painted.
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => {
          this.paused = false;
          this.drain();
        })));
        return;
      }
    }
  }
}

const root = document.getElementById('app');
if (root) {
  const vscode = acquireVsCodeApi();
  const post = (message: WebviewMessage): void => vscode.postMessage(message);
  new ResultsApp(root, {
    channel: {
      post,
      onMessage: (handler) => {
        const queue = new MessageQueue(handler);
        window.addEventListener('message', (event: MessageEvent<HostMessage>) => queue.push(event));
      },
    },
    state: { get: () => vscode.getState() as ResultsViewState | undefined, set: (state) => vscode.setState(state) },
    host: { kind: 'present' },
    copyFromBody: true,
  });
  post({ type: 'ready' });
}
