/**
 * The model picture's webview: lays out the types the host posts (modelLayout.ts) and draws them
 * as SVG, with zoom (wheel, buttons), pan (drag), a search box that finds and centres a type, and
 * a side pane with the selected type's fields and references. Names become text nodes only.
 */
import { layoutModel, type ModelPicture, type PictureBox } from './modelLayout';
import type { ModelHostMessage, ModelTypeView, ModelWebviewMessage } from './modelMessages';
import { PictureCanvas, svg } from './pictureCanvas';
import { append, element } from './textElements';

interface VsCodeApi {
  postMessage(message: ModelWebviewMessage): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();

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
  private laidOut: ModelPicture | undefined;
  private readonly boxes = new Map<string, SVGGElement>();
  private selected: string | undefined;
  private drawing = 0;

  private readonly search = element('input', { type: 'search', class: 'search', placeholder: 'Find a type', 'aria-label': 'Find a type', spellcheck: 'false' });
  private readonly status = element('span', { class: 'status', role: 'status' });
  // A drag starts anywhere but on a concrete type, so that a group is dragged by its name too.
  private readonly canvas = new PictureCanvas('The Noark entity types and their references', '.type:not(.abstract)');
  private readonly details = element('aside', { class: 'details', 'aria-live': 'polite' }, [element('p', { class: 'hint' }, ['Click a type to see its fields.'])]);

  constructor(app: HTMLElement) {
    const toolbar = element('div', { class: 'toolbar' }, [
      this.search,
      this.status,
      element('span', { class: 'spacer' }),
      ...this.canvas.zoomButtons('Fit the whole model', () => this.laidOut && { x: 0, y: 0, width: this.laidOut.width, height: this.laidOut.height }),
    ]);
    app.append(toolbar, element('div', { class: 'body' }, [this.canvas.view, this.details]));
    this.search.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') this.find();
    });
    this.search.addEventListener('search', () => this.find());
  }

  async receive(message: ModelHostMessage): Promise<void> {
    if (message.type === 'model') {
      this.types = new Map(message.types.map((t) => [t.name, t]));
      const drawing = ++this.drawing;
      this.status.textContent = 'Laying out the model…';
      const picture = await layoutModel(message.types, this.canvas.textMeasurer('label'));
      if (drawing !== this.drawing) return;
      this.status.textContent = '';
      this.draw(picture);
      if (message.select !== undefined && this.types.has(message.select)) this.select(message.select, true);
      else this.canvas.fit({ x: 0, y: 0, width: picture.width, height: picture.height });
      document.body.dataset.ready = 'true';
    } else if (this.types.has(message.name)) {
      this.select(message.name, true);
    }
  }

  private draw(picture: ModelPicture): void {
    this.laidOut = picture;
    this.boxes.clear();
    this.canvas.viewport.replaceChildren();
    const groups = svg('g', { class: 'groups' });
    const edges = svg('g', { class: 'edges' });
    const nodes = svg('g', { class: 'nodes' });
    for (const box of picture.boxes) (box.abstract ? groups : nodes).append(this.box(box));
    for (const e of picture.edges) {
      const path = svg('path', { class: e.peer ? 'edge peer' : 'edge', d: e.points.map((p, i) => `${i === 0 ? 'M' : 'L'} ${p.x} ${p.y}`).join(' '), 'marker-end': 'url(#arrow)' });
      path.append(svg('title', {}, `${e.source} → ${e.target}: ${e.name} (${e.cardinality}${e.peer ? ', peer' : ''})`));
      edges.append(path);
    }
    this.canvas.viewport.append(groups, edges, nodes);
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
    const box = this.laidOut?.boxes.find((b) => b.name === name);
    if (box !== undefined) this.canvas.centre(box);
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

const app = document.getElementById('app');
if (app !== null) {
  const model = new ModelApp(app);
  window.addEventListener('message', (event: MessageEvent<ModelHostMessage>) => {
    void model.receive(event.data);
  });
  vscode.postMessage({ type: 'ready' });
}
