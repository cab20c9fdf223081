/**
 * The neighbourhood picture's webview ("Show Neighbourhood" on an archive entity): the entity in
 * the middle, its parents above, children below, peers beside, each link labelled with its
 * reference. Clicking an entity selects it and fetches its own neighbours (one hop more); a
 * "More …" node fetches the next page of its group; the side pane opens the selected entity's
 * details or reveals it in the archive tree. Archive text becomes text nodes only.
 */
import { kindLine, layoutNeighbourhood, moreKey, moreLine, shownLabel, type NeighbourhoodPicture } from './neighbourhoodLayout';
import type { MoreView, NeighbourhoodHostMessage, NeighbourhoodPart, NeighbourhoodWebviewMessage, NeighbourLinkView, NeighbourView } from './neighbourhoodMessages';
import { PictureCanvas, svg, type Box } from './pictureCanvas';
import { append, element } from './textElements';

interface VsCodeApi {
  postMessage(message: NeighbourhoodWebviewMessage): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();

type NodeState = 'loading' | 'expanded' | 'failed' | undefined;

class NeighbourhoodApp {
  private centre: string | undefined;
  private readonly nodes = new Map<string, NeighbourView>();
  private readonly links = new Map<string, NeighbourLinkView>();
  private readonly more = new Map<string, MoreView>();
  private readonly states = new Map<string, NodeState>();
  private readonly problems = new Map<string, string>();
  private laidOut: NeighbourhoodPicture | undefined;
  private selected: string | undefined;
  /** Layouts asked for: only the last one is drawn. */
  private drawing = 0;
  private drawn = 0;

  private readonly status = element('span', { class: 'status', role: 'status' });
  private readonly canvas = new PictureCanvas('An archive entity with its parents, children and links', '.node');
  private readonly details = element('aside', { class: 'details neighbour-details', 'aria-live': 'polite' });

  constructor(app: HTMLElement) {
    const toolbar = element('div', { class: 'toolbar' }, [
      this.status,
      element('span', { class: 'spacer' }),
      ...this.canvas.zoomButtons('Fit the whole picture', () => this.laidOut && { x: 0, y: 0, width: this.laidOut.width, height: this.laidOut.height }),
    ]);
    app.append(toolbar, element('div', { class: 'body' }, [this.canvas.view, this.details]));
    this.status.textContent = 'Reading the neighbourhood…';
  }

  async receive(message: NeighbourhoodHostMessage): Promise<void> {
    if (message.type === 'failed') {
      this.failed(message.message, message.of, message.reference);
      return;
    }
    if (message.type === 'centre') {
      this.nodes.clear();
      this.links.clear();
      this.more.clear();
      this.states.clear();
      this.problems.clear();
      this.centre = message.centre.id;
      this.nodes.set(message.centre.id, message.centre);
      this.states.set(message.centre.id, 'expanded');
      this.add(message);
      await this.relayout(undefined);
      this.select(message.centre.id);
      return;
    }
    this.states.set(message.of, 'expanded');
    this.problems.delete(message.of);
    if (message.reference !== undefined) this.more.delete(moreKey({ of: message.of, reference: message.reference }));
    this.add(message);
    await this.relayout(message.of);
    if (this.selected === message.of) this.showDetails(message.of);
  }

  private add(part: NeighbourhoodPart): void {
    for (const n of part.entities) if (!this.nodes.has(n.id)) this.nodes.set(n.id, n);
    for (const l of part.links) if (!this.links.has(l.key)) this.links.set(l.key, l);
    for (const m of part.more) this.more.set(moreKey(m), m);
  }

  private failed(text: string, of: string | undefined, reference: string | undefined): void {
    if (of === undefined) {
      // The host started a new picture and could not read it: the old one is gone.
      this.centre = undefined;
      this.selected = undefined;
      this.nodes.clear();
      this.links.clear();
      this.more.clear();
      this.laidOut = undefined;
      this.canvas.viewport.replaceChildren();
      this.details.replaceChildren();
      this.status.textContent = text;
      this.status.classList.add('error');
      return;
    }
    const key = reference === undefined ? of : moreKey({ of, reference });
    this.states.set(key, 'failed');
    this.problems.set(key, text);
    this.restyle(key);
    if (this.selected === of) this.showDetails(of);
  }

  /**
   * Lays the picture out again and draws it. `anchor`, the node just expanded, stays where it was
   * on screen; the centre entity is then brought back into view if the new layout moved it out.
   */
  private async relayout(anchor: string | undefined): Promise<void> {
    const drawing = ++this.drawing;
    const before = anchor === undefined ? undefined : this.laidOut?.nodes.get(anchor);
    const measure = this.measurer();
    const picture = await layoutNeighbourhood({ nodes: [...this.nodes.values()], links: [...this.links.values()], more: [...this.more.values()] }, (text, className) => measure(className)(text));
    if (drawing !== this.drawing) return;
    const was = before === undefined ? undefined : this.canvas.onCanvas(before.x, before.y);
    this.laidOut = picture;
    this.draw(picture);
    const centre = this.centre === undefined ? undefined : picture.nodes.get(this.centre);
    const now = anchor === undefined ? undefined : picture.nodes.get(anchor);
    if (was !== undefined && now !== undefined) this.canvas.keepAt(now.x, now.y, was);
    else if (centre !== undefined) this.canvas.centre(centre);
    if (centre !== undefined) this.canvas.bringIntoView(centre);
    this.status.textContent = '';
    this.status.classList.remove('error');
    document.body.dataset.drawn = String(++this.drawn);
  }

  private readonly measurers = new Map<string, (text: string) => number>();
  private measurer(): (className: string) => (text: string) => number {
    return (className) => {
      let m = this.measurers.get(className);
      if (m === undefined) this.measurers.set(className, (m = this.canvas.textMeasurer(className)));
      return m;
    };
  }

  private draw(picture: NeighbourhoodPicture): void {
    const edges = svg('g', { class: 'edges' });
    const labels = svg('g', { class: 'edge-labels' });
    const nodes = svg('g', { class: 'nodes' });
    for (const link of picture.links) {
      const view = this.links.get(link.key);
      const d = link.points.map((p, i) => `${i === 0 ? 'M' : 'L'} ${p.x} ${p.y}`).join(' ');
      const path = svg('path', { class: view === undefined ? 'edge to-more' : view.peer ? 'edge peer' : 'edge', d, 'marker-end': 'url(#arrow)', 'data-key': link.key });
      if (view !== undefined) {
        const from = this.nodes.get(view.from);
        const to = this.nodes.get(view.to);
        path.append(svg('title', {}, `${from?.label ?? view.from} → ${to?.label ?? view.to}: ${view.reference}`));
      }
      edges.append(path);
      for (const label of link.labels) labels.append(svg('text', { class: 'edge-label', x: label.x + label.width / 2, y: label.y + label.height / 2 }, label.text));
    }
    for (const node of this.nodes.values()) {
      const box = picture.nodes.get(node.id);
      if (box !== undefined) nodes.append(this.entityNode(node, box));
    }
    for (const [key, more] of this.more) {
      const box = picture.nodes.get(key);
      if (box !== undefined) nodes.append(this.moreNode(key, more, box));
    }
    this.canvas.viewport.replaceChildren(edges, labels, nodes);
  }

  private entityNode(node: NeighbourView, box: Box): SVGGElement {
    const g = svg('g', { class: 'node entity', 'data-id': node.id, transform: `translate(${box.x} ${box.y})`, tabindex: 0, role: 'button' });
    g.append(
      svg('rect', { width: box.width, height: box.height, rx: 4 }),
      svg('text', { class: 'label', x: box.width / 2, y: 14 }, shownLabel(node.label)),
      svg('text', { class: 'kind', x: box.width / 2, y: 30 }, kindLine(node)),
      svg('title', {}, `${node.label}\n${kindLine(node)}\nClick to show its neighbours.`),
    );
    const activate = (): void => {
      this.select(node.id);
      this.expand(node.id);
    };
    g.addEventListener('click', (e) => {
      e.stopPropagation();
      activate();
    });
    g.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') activate();
    });
    this.style(g, node.id);
    return g;
  }

  private moreNode(key: string, more: MoreView, box: Box): SVGGElement {
    const g = svg('g', { class: 'node more', 'data-of': more.of, 'data-reference': more.reference, transform: `translate(${box.x} ${box.y})`, tabindex: 0, role: 'button' });
    g.append(svg('rect', { width: box.width, height: box.height, rx: 12 }), svg('text', { class: 'label', x: box.width / 2, y: box.height / 2 }, moreLine(more)), svg('title', {}, `The next page of ${more.reference}`));
    const activate = (): void => {
      if (this.states.get(key) === 'loading') return;
      this.states.set(key, 'loading');
      this.restyle(key);
      vscode.postMessage({ type: 'more', of: more.of, reference: more.reference });
    };
    g.addEventListener('click', (e) => {
      e.stopPropagation();
      activate();
    });
    g.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') activate();
    });
    this.style(g, key);
    return g;
  }

  private expand(id: string): void {
    const state = this.states.get(id);
    if (state === 'expanded' || state === 'loading') return;
    this.states.set(id, 'loading');
    this.problems.delete(id);
    this.restyle(id);
    this.showDetails(id);
    vscode.postMessage({ type: 'expand', id });
  }

  private nodeElement(key: string): Element | null {
    for (const g of this.canvas.viewport.querySelectorAll('.node')) {
      const id = g.getAttribute('data-id') ?? moreKey({ of: g.getAttribute('data-of') ?? '', reference: g.getAttribute('data-reference') ?? '' });
      if (id === key) return g;
    }
    return null;
  }

  private restyle(key: string): void {
    const g = this.nodeElement(key);
    if (g !== null) this.style(g, key);
  }

  private style(g: Element, key: string): void {
    const state = this.states.get(key);
    g.classList.toggle('centre', key === this.centre);
    g.classList.toggle('selected', key === this.selected);
    g.classList.toggle('expanded', state === 'expanded');
    g.classList.toggle('loading', state === 'loading');
    g.classList.toggle('failed', state === 'failed');
  }

  private select(id: string): void {
    const previous = this.selected;
    this.selected = id;
    if (previous !== undefined) this.restyle(previous);
    this.restyle(id);
    this.showDetails(id);
  }

  private showDetails(id: string): void {
    const node = this.nodes.get(id);
    if (node === undefined) return;
    const button = (label: string, onClick: () => void): HTMLButtonElement => {
      const b = element('button', { type: 'button', class: 'action' }, [label]);
      b.addEventListener('click', onClick);
      return b;
    };
    const state = this.states.get(id);
    const problem = this.problems.get(id);
    const neighbours = [...this.links.values()].filter((l) => l.from === id || l.to === id).length;
    this.details.replaceChildren();
    append(this.details, [
      element('h2', { class: 'entity-label' }, [node.label]),
      element('p', { class: 'entity-kind' }, [kindLine(node)]),
      element('p', { class: 'entity-state' }, [state === 'loading' ? 'Reading its neighbours…' : state === 'expanded' ? `${neighbours} link${neighbours === 1 ? '' : 's'} shown.` : 'Click it in the picture to show its neighbours.']),
      problem === undefined ? false : element('p', { class: 'problem' }, [problem]),
      element('div', { class: 'actions' }, [button('Open Details', () => vscode.postMessage({ type: 'open', id })), button('Reveal in Archive Tree', () => vscode.postMessage({ type: 'reveal', id }))]),
    ]);
  }
}

const app = document.getElementById('app');
if (app !== null) {
  const picture = new NeighbourhoodApp(app);
  window.addEventListener('message', (event: MessageEvent<NeighbourhoodHostMessage>) => {
    void picture.receive(event.data);
  });
  vscode.postMessage({ type: 'ready' });
}
