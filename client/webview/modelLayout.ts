/**
 * Lays the model out with elkjs (layered, top down): each abstract type is a compound node
 * holding its concrete subtypes, and references are edges from the parent side down to the child
 * side (peer references as they point). The result is in absolute picture coordinates, so the
 * drawing needs no knowledge of ELK's nesting (pictureLayout.ts).
 */
import type { ModelTypeView } from './modelMessages';
import { layeredDown, layOut, type ElkExtendedEdge, type ElkNode, type Point } from './pictureLayout';

export interface PictureBox {
  name: string;
  abstract: boolean;
  /** The abstract type whose group holds this one. */
  group?: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PictureEdge {
  /** The reference's name on the side that declares it. */
  name: string;
  source: string;
  target: string;
  peer: boolean;
  cardinality: string;
  points: Point[];
}

export interface ModelPicture {
  width: number;
  height: number;
  boxes: PictureBox[];
  edges: PictureEdge[];
}

/** The height of a type's box, and the room an abstract group keeps above its subtypes for its name. */
export const boxHeight = 28;
export const groupHeader = 30;

/** The edges worth drawing: each link once, from its parent side (`child` references are the
 * same links seen from above), a peer link from the side met first (not again as its inverse),
 * and a subtype's reference only where its group does not already draw the same one. */
export function pictureEdges(types: readonly ModelTypeView[]): Omit<PictureEdge, 'points'>[] {
  const byName = new Map(types.map((t) => [t.name, t]));
  const known = (name: string): boolean => byName.has(name);
  const edges = new Map<string, Omit<PictureEdge, 'points'>>();
  for (const t of types) {
    const group = t.supertypes.map((s) => byName.get(s)).find((s) => s !== undefined);
    for (const r of t.references) {
      if (r.direction === 'child' || !known(r.target)) continue;
      if (group?.references.some((g) => g.name === r.name && g.target === r.target)) continue;
      const edge = r.direction === 'parent' ? { source: r.target, target: t.name } : { source: t.name, target: r.target };
      const inverse = r.inverse;
      if (r.direction === 'peer' && inverse !== undefined && [t.name, group?.name].some((side) => edges.has(edgeKey(r.target, side ?? '', inverse)))) continue;
      const key = edgeKey(edge.source, edge.target, r.name);
      if (!edges.has(key)) edges.set(key, { name: r.name, ...edge, peer: r.direction === 'peer', cardinality: r.cardinality });
    }
  }
  return [...edges.values()];
}

function edgeKey(source: string, target: string, name: string): string {
  return `${source}\u0000${target}\u0000${name}`;
}

/** `textWidth` measures a type's name as the page draws it. */
export async function layoutModel(types: readonly ModelTypeView[], textWidth: (text: string) => number): Promise<ModelPicture> {
  const names = new Set(types.map((t) => t.name));
  const groupOf = (t: ModelTypeView): string | undefined => t.supertypes.find((s) => names.has(s));
  const leaf = (t: ModelTypeView): ElkNode => ({ id: t.name, width: Math.ceil(textWidth(t.name)) + 24, height: boxHeight });
  const children: ElkNode[] = [];
  for (const t of types) {
    if (t.abstract) {
      children.push({
        id: t.name,
        // Wide enough for the group's own name, however few its subtypes.
        layoutOptions: { 'elk.padding': `[top=${groupHeader},left=12,bottom=12,right=12]`, 'elk.nodeSize.constraints': 'MINIMUM_SIZE', 'elk.nodeSize.minimum': `(${Math.ceil(textWidth(t.name)) + 24}, ${boxHeight})` },
        children: types.filter((s) => !s.abstract && groupOf(s) === t.name).map(leaf),
      });
    } else if (groupOf(t) === undefined) {
      children.push(leaf(t));
    }
  }
  const drawn = pictureEdges(types);
  const edges: ElkExtendedEdge[] = drawn.map((e, i) => ({ id: `e${i}`, sources: [e.source], targets: [e.target] }));
  const laid = await layOut({ id: 'model', layoutOptions: { ...layeredDown }, children, edges });
  const boxes: PictureBox[] = laid.nodes.map((n) => ({ name: n.id, abstract: n.compound, ...(n.parent === undefined ? {} : { group: n.parent }), x: n.x, y: n.y, width: n.width, height: n.height }));
  return { width: laid.width, height: laid.height, boxes, edges: drawn.map((e, i) => ({ ...e, points: laid.edges.get(`e${i}`)?.points ?? [] })) };
}
