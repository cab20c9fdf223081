/**
 * elkjs for the picture webviews (the model, an entity's neighbourhood): a graph laid out and
 * brought into one coordinate system. ELK places a node relative to its parent and an edge (and
 * its labels) relative to the edge's container; the drawing wants absolute picture coordinates.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkNode } from 'elkjs/lib/elk.bundled.js';

export type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk.bundled.js';

export interface Point {
  x: number;
  y: number;
}

export interface LaidNode {
  id: string;
  /** The compound node this one is drawn inside. */
  parent?: string;
  /** A compound node (it was given children, even none). */
  compound: boolean;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidLabel {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidEdge {
  points: Point[];
  labels: LaidLabel[];
}

export interface LaidGraph {
  width: number;
  height: number;
  /** Parents before their children. */
  nodes: LaidNode[];
  /** By the edge's id. */
  edges: Map<string, LaidEdge>;
}

/** Layered, top down, orthogonal edges: how both pictures are drawn. */
export const layeredDown: Readonly<Record<string, string>> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.spacing.nodeNode': '28',
  'elk.layered.spacing.nodeNodeBetweenLayers': '48',
  'elk.padding': '[top=16,left=16,bottom=16,right=16]',
};

export async function layOut(graph: ElkNode): Promise<LaidGraph> {
  const laid = await new ELK().layout(graph);
  const nodes: LaidNode[] = [];
  const offsets = new Map<string, Point>([[laid.id, { x: 0, y: 0 }]]);
  const visit = (node: ElkNode, at: Point, parent: string | undefined): void => {
    const x = at.x + (node.x ?? 0);
    const y = at.y + (node.y ?? 0);
    offsets.set(node.id, { x, y });
    nodes.push({ id: node.id, ...(parent === undefined ? {} : { parent }), compound: node.children !== undefined, x, y, width: node.width ?? 0, height: node.height ?? 0 });
    for (const child of node.children ?? []) visit(child, { x, y }, node.id);
  };
  for (const node of laid.children ?? []) visit(node, { x: 0, y: 0 }, undefined);

  const edges = new Map<string, LaidEdge>();
  // Every edge's sections and labels are relative to its container (the nearest common ancestor ELK chose).
  const collect = (node: ElkNode): void => {
    for (const e of node.edges ?? []) {
      const container = e.container ?? laid.id;
      const at = offsets.get(container) ?? { x: 0, y: 0 };
      const points = (e.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]).map((p) => ({ x: p.x + at.x, y: p.y + at.y }));
      const labels = (e.labels ?? []).map((l) => ({ text: l.text ?? '', x: (l.x ?? 0) + at.x, y: (l.y ?? 0) + at.y, width: l.width ?? 0, height: l.height ?? 0 }));
      edges.set(e.id, { points, labels });
    }
    for (const child of node.children ?? []) collect(child);
  };
  collect(laid);
  return { width: laid.width ?? 0, height: laid.height ?? 0, nodes, edges };
}
