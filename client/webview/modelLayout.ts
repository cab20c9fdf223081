/**
 * Lays the model out with elkjs (layered, top down): each abstract type is a compound node
 * holding its concrete subtypes, and references are edges from the parent side down to the child
 * side (peer references as they point). The result is in absolute picture coordinates, so the
 * drawing needs no knowledge of ELK's nesting.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk.bundled.js';
import type { ModelTypeView } from './modelMessages';

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
  points: { x: number; y: number }[];
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
  const edges: ElkExtendedEdge[] = pictureEdges(types).map((e, i) => ({ id: `e${i}`, sources: [e.source], targets: [e.target] }));
  const graph: ElkNode = {
    id: 'model',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.spacing.nodeNode': '28',
      'elk.layered.spacing.nodeNodeBetweenLayers': '48',
      'elk.padding': '[top=16,left=16,bottom=16,right=16]',
    },
    children,
    edges,
  };
  const laid = await new ELK().layout(graph);

  const boxes: PictureBox[] = [];
  const offsets = new Map<string, { x: number; y: number }>([['model', { x: 0, y: 0 }]]);
  const visit = (node: ElkNode, at: { x: number; y: number }, group: string | undefined): void => {
    const x = at.x + (node.x ?? 0);
    const y = at.y + (node.y ?? 0);
    offsets.set(node.id, { x, y });
    boxes.push({ name: node.id, abstract: node.children !== undefined, ...(group === undefined ? {} : { group }), x, y, width: node.width ?? 0, height: node.height ?? 0 });
    for (const child of node.children ?? []) visit(child, { x, y }, node.id);
  };
  for (const node of laid.children ?? []) visit(node, { x: 0, y: 0 }, undefined);

  const drawn = pictureEdges(types);
  const laidEdges = new Map((laid.edges ?? []).map((e) => [e.id, e]));
  // Every edge's sections are relative to its container (the nearest common ancestor ELK chose).
  const collect = (node: ElkNode): void => {
    for (const e of node.edges ?? []) laidEdges.set(e.id, e);
    for (const child of node.children ?? []) collect(child);
  };
  collect(laid);
  const pictureEdgesLaid: PictureEdge[] = drawn.map((e, i) => {
    const elk = laidEdges.get(`e${i}`);
    const container = (elk as { container?: string } | undefined)?.container ?? 'model';
    const at = offsets.get(container) ?? { x: 0, y: 0 };
    const points = (elk?.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]).map((p) => ({ x: p.x + at.x, y: p.y + at.y }));
    return { ...e, points };
  });
  return { width: laid.width ?? 0, height: laid.height ?? 0, boxes, edges: pictureEdgesLaid };
}
