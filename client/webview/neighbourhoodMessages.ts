/**
 * The messages between the neighbourhood picture's host (client/archive/neighbourhoodPanel.ts)
 * and its webview. Archive text (labels) arrives as plain strings the page makes text nodes of.
 * The host validates what the webview sends with `neighbourhoodWebviewMessage`; the webview
 * imports only the types, which keeps zod out of its bundle.
 */
import { z } from 'zod';

/** An entity as a node of the picture. Ids are unique in an archive (spec, Common fields). */
export interface NeighbourView {
  id: string;
  type: string;
  /** Identifying fields (`2024/17 Søknad om startlån`), else the type and id: archive text. */
  label: string;
}

/** One link between two entities drawn. */
export interface NeighbourLinkView {
  /** The same for a link met from either side, so the page draws it once. */
  key: string;
  /** Drawn from `from` to `to`: the parent side down to the child side, or as a peer reference points. */
  from: string;
  to: string;
  /** The reference's name on the side it was met from. */
  reference: string;
  peer: boolean;
}

/** A "more" node: the neighbours through `reference` of `of` not fetched yet. */
export interface MoreView {
  of: string;
  reference: string;
  /** Below its entity (children) or above it (parents). */
  role: 'parent' | 'child' | 'peer';
}

/** What one fetch adds to the picture. */
export interface NeighbourhoodPart {
  entities: NeighbourView[];
  links: NeighbourLinkView[];
  /** The "more" nodes after this fetch; a fetch for (`of`, `reference`) replaces that one's. */
  more: MoreView[];
}

export type NeighbourhoodHostMessage =
  /** A new picture: `centre` in the middle with its neighbours. */
  | ({ type: 'centre'; centre: NeighbourView } & NeighbourhoodPart)
  /** The neighbours of `of` (an expansion), or the next page of one reference's (`reference` set). */
  | ({ type: 'neighbours'; of: string; reference?: string } & NeighbourhoodPart)
  /** A fetch failed (`of`: for which node); the page says so. */
  | { type: 'failed'; of?: string; reference?: string; message: string };

export const neighbourhoodWebviewMessage = z.discriminatedUnion('type', [
  /** The page is loaded and listening: the host sends the picture. */
  z.object({ type: z.literal('ready') }),
  /** Fetch and draw this entity's neighbours. */
  z.object({ type: z.literal('expand'), id: z.string() }),
  /** The next page of one reference's neighbours of an entity. */
  z.object({ type: z.literal('more'), of: z.string(), reference: z.string() }),
  /** Open the entity's details (noarkq.archive.openDetails). */
  z.object({ type: z.literal('open'), id: z.string() }),
  /** Reveal the entity in the archive tree. */
  z.object({ type: z.literal('reveal'), id: z.string() }),
]);

export type NeighbourhoodWebviewMessage = z.infer<typeof neighbourhoodWebviewMessage>;
