/**
 * The model picture's webview: lays out the types the host posts (modelLayout.ts) and draws them
 * as SVG, with zoom (wheel, buttons), pan (drag), a search box that finds and centres a type, and
 * a side pane with the selected type's fields and references. Names become text nodes only.
 */
import { layoutModel, type ModelPicture, type PictureBox } from './modelLayout';
import type { ModelHostMessage, ModelTypeView, ModelWebviewMessage } from './modelMessages';
import { append, element, icon } from './textElements';

interface VsCodeApi {
  postMessage(message: ModelWebviewMessage): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const svgNs = 'http://www.w3.org/2000/svg';
const minScale = 0.1;
const maxScale = 4;

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string | number> = {}, text?: string): SVGElementTagNameMap[K] {
  const node = document.createElementNS(svgNs, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

function iconButton(label: string, iconName: string, onClick: () => void): HTMLButtonElement {
  const b = element('button', { type: 'button', class: 'tool', title: label, 'aria-label': label }, [icon(iconName)]);
  b.addEventListener('click', onClick);
  return b;
}

/** The type a search names: an exact name, else the first that starts with it, else the first containing it. */
export function findType(names: readonly string[], query: string): string | undefined {
  const q = query.trim().toLowerCase();
  if (q === '') return undefined;
  const lower = names.map((n) => n.toLowerCase());
  const at = [lower.indexOf(q), lower.findIndex((n) => n.startsWith(q)), lower.findIndex((n) => n.includes(q))].find((i) => i >= 0);
  return at === undefined ? undefined : names[at];
}

class ModelApp {
  private types = new Map<string, ModelTypeView>();
  private picture: ModelPicture | undefined;
  private readonly boxes = new Map<string, SVGGElement>();
  private selected: string | undefined;
  private scale = 1;
  private tx = 0;
  private ty = 0;
  private drawing = 0;

  private readonly search = element('input', { type: 'search', class: 'search', placeholder: 'Find a type', 'aria-label': 'Find a type', spellcheck: 'false' });
  private readonly status = element('span', { class: 'status', role: 'status' });
  private readonly canvas = element('div', { class: 'canvas' });
  private readonly root = svg('svg', { class: 'picture', role: 'img', 'aria-label': 'The Noark entity types and their references' });
  private readonly viewport = svg('g', { class: 'viewport' });
  private readonly details = element('aside', { class: 'details', 'aria-live': 'polite' }, [element('p', { class: 'hint' }, ['Click a type to see its fields.'])]);

  constructor(app: HTMLElement) {
    this.root.append(this.defs(), this.viewport);
    this.canvas.append(this.root);
    const toolbar = element('div', { class: 'toolbar' }, [
      this.search,
      this.status,
      element('span', { class: 'spacer' }),
      iconButton('Zoom in', 'zoom-in', () => this.zoomBy(1.25)),
      iconButton('Zoom out', 'zoom-out', () => this.zoomBy(0.8)),
      iconButton('Fit the whole model', 'screen-full', () => this.fit()),
    ]);
    app.append(toolbar, element('div', { class: 'body' }, [this.canvas, this.details]));
    this.search.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') this.find();
    });
    this.search.addEventListener('search', () => this.find());
    this.listenForZoomAndPan();
  }

  async receive(message: ModelHostMessage): Promise<void> {
    if (message.type === 'model') {
      this.types = new Map(message.types.map((t) => [t.name, t]));
      const drawing = ++this.drawing;
      this.status.textContent = 'Laying out the model…';
      const picture = await layoutModel(message.types, textMeasurer(this.root));
      if (drawing !== this.drawing) return;
      this.status.textContent = '';
      this.draw(picture);
      if (message.select !== undefined && this.types.has(message.select)) this.select(message.select, true);
      else this.fit();
      document.body.dataset.ready = 'true';
    } else if (this.types.has(message.name)) {
      this.select(message.name, true);
    }
  }

  private defs(): SVGDefsElement {
    const marker = svg('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' });
    marker.append(svg('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'arrowhead' }));
    const defs = svg('defs');
    defs.append(marker);
    return defs;
  }

  private draw(picture: ModelPicture): void {
    this.picture = picture;
    this.boxes.clear();
    this.viewport.replaceChildren();
    const groups = svg('g', { class: 'groups' });
    const edges = svg('g', { class: 'edges' });
    const nodes = svg('g', { class: 'nodes' });
    for (const box of picture.boxes) (box.abstract ? groups : nodes).append(this.box(box));
    for (const e of picture.edges) {
      const path = svg('path', { class: e.peer ? 'edge peer' : 'edge', d: e.points.map((p, i) => `${i === 0 ? 'M' : 'L'} ${p.x} ${p.y}`).join(' '), 'marker-end': 'url(#arrow)' });
      path.append(svg('title', {}, `${e.source} → ${e.target}: ${e.name} (${e.cardinality}${e.peer ? ', peer' : ''})`));
      edges.append(path);
    }
    this.viewport.append(groups, edges, nodes);
  }

  private box(box: PictureBox): SVGGElement {
    const type = this.types.get(box.name);
    const g = svg('g', { class: box.abstract ? 'type abstract' : 'type', 'data-type': box.name, transform: `translate(${box.x} ${box.y})`, tabindex: 0, role: 'button' });
    g.append(
      svg('rect', { width: box.width, height: box.height, rx: box.abstract ? 8 : 4 }),
      svg('text', { x: box.abstract ? 12 : box.width / 2, y: box.abstract ? 20 : box.height / 2, class: 'label' }, box.name),
      svg('title', {}, type?.title === undefined ? box.name : `${box.name} — ${type.title}`),
    );
    g.addEventListener('click', (e) => {
      e.stopPropagation();
      this.select(box.name, false);
    });
    g.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') this.select(box.name, false);
    });
    this.boxes.set(box.name, g);
    return g;
  }

  private find(): void {
    const name = findType([...this.types.keys()], this.search.value);
    const missing = name === undefined && this.search.value.trim() !== '';
    this.status.textContent = missing ? 'No type matches' : '';
    this.status.classList.toggle('error', missing);
    if (name !== undefined) this.select(name, true);
  }

  private select(name: string, centre: boolean): void {
    this.boxes.get(this.selected ?? '')?.classList.remove('selected');
    this.selected = name;
    this.boxes.get(name)?.classList.add('selected');
    if (centre) this.centre(name);
    this.showDetails(name);
    vscode.postMessage({ type: 'selected', name });
  }

  private centre(name: string): void {
    const box = this.picture?.boxes.find((b) => b.name === name);
    if (box === undefined) return;
    const view = this.canvas.getBoundingClientRect();
    this.tx = view.width / 2 - (box.x + box.width / 2) * this.scale;
    this.ty = view.height / 2 - (box.y + box.height / 2) * this.scale;
    this.apply();
  }

  private fit(): void {
    if (this.picture === undefined) return;
    const view = this.canvas.getBoundingClientRect();
    this.scale = clamp(Math.min(view.width / this.picture.width, view.height / this.picture.height), minScale, 1);
    this.tx = (view.width - this.picture.width * this.scale) / 2;
    this.ty = (view.height - this.picture.height * this.scale) / 2;
    this.apply();
  }

  /** Zooms by `factor` keeping the point (`x`, `y`) of the canvas where it is (the centre by default). */
  private zoomBy(factor: number, x?: number, y?: number): void {
    const view = this.canvas.getBoundingClientRect();
    const px = x ?? view.width / 2;
    const py = y ?? view.height / 2;
    const scale = clamp(this.scale * factor, minScale, maxScale);
    this.tx = px - ((px - this.tx) * scale) / this.scale;
    this.ty = py - ((py - this.ty) * scale) / this.scale;
    this.scale = scale;
    this.apply();
  }

  private apply(): void {
    this.viewport.setAttribute('transform', `translate(${this.tx} ${this.ty}) scale(${this.scale})`);
  }

  private listenForZoomAndPan(): void {
    this.canvas.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        const view = this.canvas.getBoundingClientRect();
        this.zoomBy(Math.exp(-e.deltaY / 500), e.clientX - view.left, e.clientY - view.top);
      },
      { passive: false },
    );
    // The pointer is captured only once it moves, so a click on a group still reaches the group.
    let drag: { x: number; y: number; tx: number; ty: number; pointer: number; moved: boolean } | undefined;
    this.canvas.addEventListener('pointerdown', (e) => {
      if (e.button !== 0 || (e.target instanceof Element && e.target.closest('.type:not(.abstract)'))) return;
      drag = { x: e.clientX, y: e.clientY, tx: this.tx, ty: this.ty, pointer: e.pointerId, moved: false };
    });
    this.canvas.addEventListener('pointermove', (e) => {
      if (drag === undefined) return;
      const dx = e.clientX - drag.x;
      const dy = e.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) < 3) return;
      if (!drag.moved) {
        drag.moved = true;
        this.canvas.setPointerCapture(drag.pointer);
        this.canvas.classList.add('panning');
      }
      this.tx = drag.tx + dx;
      this.ty = drag.ty + dy;
      this.apply();
    });
    const end = (): void => {
      drag = undefined;
      this.canvas.classList.remove('panning');
    };
    this.canvas.addEventListener('pointerup', end);
    this.canvas.addEventListener('pointercancel', end);
  }

  private showDetails(name: string): void {
    const type = this.types.get(name);
    if (type === undefined) return;
    const subtypes = [...this.types.values()].filter((t) => t.supertypes.includes(name)).map((t) => t.name);
    const yes = (value: boolean): string => (value ? 'yes' : '');
    const fieldRows = type.fields.map((f) =>
      element('tr', {}, [element('td', { class: 'name' }, [f.name]), element('td', {}, [f.type]), element('td', {}, [f.codeList ?? '']), element('td', {}, [yes(f.queryable)]), element('td', {}, [yes(f.requiredOnCreate)])]),
    );
    const referenceRows = type.references.map((r) => {
      const target = element('button', { type: 'button', class: 'link', title: `Show ${r.target}` }, [r.target]);
      target.addEventListener('click', () => this.select(r.target, true));
      return element('tr', {}, [element('td', { class: 'name' }, [r.name]), element('td', {}, [target]), element('td', {}, [r.cardinality]), element('td', {}, [r.direction]), element('td', {}, [yes(r.requiredOnCreate)])]);
    });
    // Short headings keep the pane narrow; the full meaning is the heading's tooltip.
    const header = (...names: [string, string?][]): HTMLElement => element('thead', {}, [element('tr', {}, names.map(([n, title]) => element('th', { title }, [n])))]);
    const onCreate: [string, string] = ['On create', 'Required when the entity is created'];
    this.details.replaceChildren();
    append(this.details, [
      element('h2', { class: 'type-name' }, [name]),
      type.title === undefined ? false : element('p', { class: 'type-title' }, [type.title]),
      type.abstract ? element('p', {}, [`Abstract: stands for ${subtypes.join(', ')}.`]) : false,
      type.supertypes.length > 0 ? element('p', {}, [`One of ${type.supertypes.join(', ')}.`]) : false,
      element('h3', {}, [`Fields (${type.fields.length})`]),
      element('table', { class: 'fields' }, [header(['Field'], ['Type'], ['Code list'], ['Query', 'May be used in a query'], onCreate), element('tbody', {}, fieldRows)]),
      element('h3', {}, [`References (${type.references.length})`]),
      element('table', { class: 'references' }, [header(['Reference'], ['Target'], ['Card.', 'Cardinality'], ['Direction', 'parent: points up the structure; child: down; peer: neither'], onCreate), element('tbody', {}, referenceRows)]),
    ]);
  }
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/** Measures names in the font the picture draws them in, so boxes fit their labels. */
function textMeasurer(root: SVGSVGElement): (text: string) => number {
  const probe = svg('text', { class: 'label measure' });
  root.append(probe);
  const cache = new Map<string, number>();
  return (text) => {
    let width = cache.get(text);
    if (width === undefined) {
      probe.textContent = text;
      width = probe.getComputedTextLength();
      cache.set(text, width);
    }
    return width;
  };
}

const app = document.getElementById('app');
if (app !== null) {
  const model = new ModelApp(app);
  window.addEventListener('message', (event: MessageEvent<ModelHostMessage>) => {
    void model.receive(event.data);
  });
  vscode.postMessage({ type: 'ready' });
}
