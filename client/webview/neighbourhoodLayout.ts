/**
 * Lays an entity's neighbourhood out with elkjs (pictureLayout.ts), left to right: parents to the
 * left, children (and peers) to the right, each group of links labelled with its reference. A
 * "more" node hangs where the rest of its group would. Pure but for elkjs.
 */
import type { MoreView, NeighbourLinkView, NeighbourView } from './neighbourhoodMessages';
import { layeredDown, layOut, type ElkExtendedEdge, type ElkNode, type LaidLabel, type Point } from './pictureLayout';

/** Two lines: the label, then the type and id. */
export const nodeHeight = 42;
/** A label longer than this many characters is cut (the whole stays in the node's tooltip). */
export const maxLabelLength = 48;

export interface GraphState {
  nodes: readonly NeighbourView[];
  links: readonly NeighbourLinkView[];
  more: readonly MoreView[];
}

export interface PlacedNode {
  /** An entity's id, or a "more" node's key (moreKey). */
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedLink {
  /** The link's key, or the "more" node's key for the edge to it. */
  key: string;
  points: Point[];
  labels: LaidLabel[];
}

export interface NeighbourhoodPicture {
  width: number;
  height: number;
  nodes: Map<string, PlacedNode>;
  links: PlacedLink[];
}

export function moreKey(more: Pick<MoreView, 'of' | 'reference'>): string {
  return `more\u0000${more.of}\u0000${more.reference}`;
}

export function shownLabel(label: string): string {
  return label.length > maxLabelLength ? `${label.slice(0, maxLabelLength - 1)}…` : label;
}

export function kindLine(node: Pick<NeighbourView, 'type' | 'id'>): string {
  return `${node.type} ${node.id}`;
}

export function moreLine(more: Pick<MoreView, 'reference'>): string {
  return `More ${more.reference}…`;
}

/** `textWidth(text, className)` measures text as the page draws it with that class. */
export async function layoutNeighbourhood(state: GraphState, textWidth: (text: string, className: string) => number): Promise<NeighbourhoodPicture> {
  const edgeLabel = (text: string): { text: string; width: number; height: number } => ({ text, width: Math.ceil(textWidth(text, 'edge-label')) + 6, height: 14 });
  const children: ElkNode[] = state.nodes.map((n) => ({
    id: n.id,
    width: Math.ceil(Math.max(textWidth(shownLabel(n.label), 'label'), textWidth(kindLine(n), 'kind'))) + 24,
    height: nodeHeight,
  }));
  // One label per group (the links from one entity through one reference): 25 journal entries'
  // edges each labelled `refRegistrering` would say it 24 times too many.
  const labelled = new Set<string>();
  const edges: ElkExtendedEdge[] = state.links.map((l) => {
    const group = `${l.from}\u0000${l.reference}`;
    const first = !labelled.has(group);
    labelled.add(group);
    return { id: l.key, sources: [l.from], targets: [l.to], ...(first ? { labels: [edgeLabel(l.reference)] } : {}) };
  });
  for (const m of state.more) {
    const id = moreKey(m);
    children.push({ id, width: Math.ceil(textWidth(moreLine(m), 'label')) + 24, height: 28 });
    edges.push({ id, sources: [m.role === 'parent' ? id : m.of], targets: [m.role === 'parent' ? m.of : id] });
  }
  const laid = await layOut({
    id: 'neighbourhood',
    // Left to right: a long group of children is a column, read like a list, not a row wider than any screen.
    layoutOptions: { ...layeredDown, 'elk.direction': 'RIGHT', 'elk.spacing.nodeNode': '12', 'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX', 'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES', 'elk.edgeLabels.placement': 'TAIL', 'elk.spacing.edgeLabel': '4' },
    children,
    edges,
  });
  return {
    width: laid.width,
    height: laid.height,
    nodes: new Map(laid.nodes.map((n) => [n.id, { id: n.id, x: n.x, y: n.y, width: n.width, height: n.height }])),
    links: edges.map((e) => ({ key: e.id, points: laid.edges.get(e.id)?.points ?? [], labels: laid.edges.get(e.id)?.labels ?? [] })),
  };
}
