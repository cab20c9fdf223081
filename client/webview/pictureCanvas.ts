/**
 * What the picture webviews (the model, an entity's neighbourhood) draw on: an SVG in a canvas
 * that zooms (wheel, buttons), pans (drag), fits the whole picture and centres a box. Text goes
 * in as text nodes only (`svg(…, text)` sets `textContent`).
 */
import { element, icon } from './textElements';

const svgNs = 'http://www.w3.org/2000/svg';
const minScale = 0.1;
const maxScale = 4;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string | number> = {}, text?: string): SVGElementTagNameMap[K] {
  const node = document.createElementNS(svgNs, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

export function iconButton(label: string, iconName: string, onClick: () => void): HTMLButtonElement {
  const b = element('button', { type: 'button', class: 'tool', title: label, 'aria-label': label }, [icon(iconName)]);
  b.addEventListener('click', onClick);
  return b;
}

export function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

export class PictureCanvas {
  /** The element to place in the page. */
  readonly view = element('div', { class: 'canvas' });
  readonly root: SVGSVGElement;
  /** What is drawn goes here; zoom and pan transform it. */
  readonly viewport = svg('g', { class: 'viewport' });
  private scale = 1;
  private tx = 0;
  private ty = 0;

  /** `label` names the picture for screen readers; a drag never starts on an element matching
   * `clickable`, so that a click on it reaches it. */
  constructor(label: string, clickable: string) {
    this.root = svg('svg', { class: 'picture', role: 'img', 'aria-label': label });
    this.root.append(arrowDefs(), this.viewport);
    this.view.append(this.root);
    this.listenForZoomAndPan(clickable);
  }

  /** Zoom in, zoom out and fit, for the toolbar; `fit` gives the size of what is drawn. */
  zoomButtons(fitLabel: string, fit: () => Box | undefined): HTMLButtonElement[] {
    return [
      iconButton('Zoom in', 'zoom-in', () => this.zoomBy(1.25)),
      iconButton('Zoom out', 'zoom-out', () => this.zoomBy(0.8)),
      iconButton(fitLabel, 'screen-full', () => {
        const all = fit();
        if (all !== undefined) this.fit(all);
      }),
    ];
  }

  /** Measures text in the font a `className` text is drawn in, so boxes fit their labels. */
  textMeasurer(className: string): (text: string) => number {
    const probe = svg('text', { class: `${className} measure` });
    this.root.append(probe);
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

  /** Moves the picture so that `box` is in the middle of the canvas. */
  centre(box: Box): void {
    const view = this.view.getBoundingClientRect();
    this.tx = view.width / 2 - (box.x + box.width / 2) * this.scale;
    this.ty = view.height / 2 - (box.y + box.height / 2) * this.scale;
    this.apply();
  }

  /** Scales (never above 1) and moves the picture so all of `size` shows. */
  fit(size: Box): void {
    const view = this.view.getBoundingClientRect();
    this.scale = clamp(Math.min(view.width / size.width, view.height / size.height), minScale, 1);
    this.tx = (view.width - size.width * this.scale) / 2 - size.x * this.scale;
    this.ty = (view.height - size.height * this.scale) / 2 - size.y * this.scale;
    this.apply();
  }

  /** Where the picture's point (`x`, `y`) is on the canvas now. */
  onCanvas(x: number, y: number): { x: number; y: number } {
    return { x: this.tx + x * this.scale, y: this.ty + y * this.scale };
  }

  /** Moves the picture so that its point (`x`, `y`) shows at `at` on the canvas: a box stays
   * where the eye left it when a new layout moves it in the picture. */
  keepAt(x: number, y: number, at: { x: number; y: number }): void {
    this.tx = at.x - x * this.scale;
    this.ty = at.y - y * this.scale;
    this.apply();
  }

  /** Moves the picture the least it takes to show all of `box` (with a margin), if it can. */
  bringIntoView(box: Box, margin = 16): void {
    const view = this.view.getBoundingClientRect();
    const shift = (start: number, size: number, room: number): number => {
      if (start < margin) return margin - start;
      if (start + size > room - margin) return Math.max(margin - start, room - margin - (start + size));
      return 0;
    };
    const at = this.onCanvas(box.x, box.y);
    const dx = shift(at.x, box.width * this.scale, view.width);
    const dy = shift(at.y, box.height * this.scale, view.height);
    if (dx === 0 && dy === 0) return;
    this.tx += dx;
    this.ty += dy;
    this.apply();
  }

  /** Zooms by `factor` keeping the point (`x`, `y`) of the canvas where it is (the centre by default). */
  zoomBy(factor: number, x?: number, y?: number): void {
    const view = this.view.getBoundingClientRect();
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

  private listenForZoomAndPan(clickable: string): void {
    this.view.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        const view = this.view.getBoundingClientRect();
        this.zoomBy(Math.exp(-e.deltaY / 500), e.clientX - view.left, e.clientY - view.top);
      },
      { passive: false },
    );
    // The pointer is captured only once it moves, so a click on a group still reaches the group.
    let drag: { x: number; y: number; tx: number; ty: number; pointer: number; moved: boolean } | undefined;
    this.view.addEventListener('pointerdown', (e) => {
      if (e.button !== 0 || (e.target instanceof Element && e.target.closest(clickable))) return;
      drag = { x: e.clientX, y: e.clientY, tx: this.tx, ty: this.ty, pointer: e.pointerId, moved: false };
    });
    this.view.addEventListener('pointermove', (e) => {
      if (drag === undefined) return;
      const dx = e.clientX - drag.x;
      const dy = e.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) < 3) return;
      if (!drag.moved) {
        drag.moved = true;
        this.view.setPointerCapture(drag.pointer);
        this.view.classList.add('panning');
      }
      this.tx = drag.tx + dx;
      this.ty = drag.ty + dy;
      this.apply();
    });
    const end = (): void => {
      drag = undefined;
      this.view.classList.remove('panning');
    };
    this.view.addEventListener('pointerup', end);
    this.view.addEventListener('pointercancel', end);
  }
}

/** The arrowhead edges end in (`marker-end: url(#arrow)`). */
function arrowDefs(): SVGDefsElement {
  const marker = svg('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' });
  marker.append(svg('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'arrowhead' }));
  const defs = svg('defs');
  defs.append(marker);
  return defs;
}
