/**
 * The host side of one neighbourhood picture, apart from VS Code: what the page is sent (the
 * centre and its neighbours, then each expansion and each "more"), the cursors of the groups not
 * fully shown, and what the page's clicks do. Everything sent is kept and sent again when the page
 * reloads (VS Code reloads a webview that was hidden), so an expanded picture comes back as it was.
 */
import type { NoarkModel } from '../../core/schema/types';
import type { ArchiveApi, EntityObject } from '../../runner/archive/archiveApi';
import { neighbourhoodWebviewMessage, type MoreView, type NeighbourhoodHostMessage, type NeighbourhoodPart, type NeighbourView } from '../webview/neighbourhoodMessages';
import { entityLabel } from './archiveTreeModel';
import type { EntityRef } from './entityRef';
import { fetchMoreNeighbours, fetchNeighbourhood, type NeighbourCursor, type NeighbourGroup } from './neighbourhood';

export interface NeighbourhoodSessionDependencies {
  model: NoarkModel;
  /** The archive to read, asked at each fetch (the active environment may change); undefined
   * when there is none (the user has been told why). */
  archive: () => Promise<{ client: ArchiveApi; redact(text: string): string } | undefined>;
  post: (message: NeighbourhoodHostMessage) => void;
  open: (entity: EntityRef) => void;
  reveal: (entity: EntityRef) => void;
}

/** What a picture shows first: the command gives it back (tests read it). */
export interface NeighbourhoodShown {
  centre: NeighbourView;
  neighbours: (NeighbourView & { reference: string })[];
  more: MoreView[];
}

/** One key for a link met from either side: the two ids and the name of one side, the same both ways. */
export function linkKey(a: string, b: string, reference: string, inverse: string | undefined): string {
  const ids = a < b ? [a, b] : [b, a];
  const names = [reference, inverse ?? reference].sort();
  return `${ids.join('\u0000')}\u0000${names[0]}`;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class NeighbourhoodSession {
  private readonly entities = new Map<string, EntityObject>();
  private readonly cursors = new Map<string, NeighbourCursor>();
  private readonly expanded = new Set<string>();
  private readonly sent: NeighbourhoodHostMessage[] = [];
  private ready = false;
  /** Counts the pictures started: a fetch for an earlier one draws nothing when it ends. */
  private picture = 0;

  constructor(private readonly deps: NeighbourhoodSessionDependencies) {}

  /** Reads `ref`'s neighbourhood and starts a new picture with it; undefined when the archive has
   * no such entity (or there is no archive). An archive's error is thrown (and shown on the page). */
  async show(ref: Pick<EntityRef, 'type' | 'id'>): Promise<NeighbourhoodShown | undefined> {
    const archive = await this.deps.archive();
    if (!archive) return undefined;
    let found: Awaited<ReturnType<typeof fetchNeighbourhood>>;
    try {
      found = await fetchNeighbourhood(archive.client, this.deps.model, ref);
    } catch (error) {
      this.restart();
      this.post({ type: 'failed', message: archive.redact(message(error)) });
      throw error;
    }
    this.restart();
    if (!found) {
      this.post({ type: 'failed', message: `The archive has no ${ref.type} with id ${ref.id}.` });
      return undefined;
    }
    this.entities.set(found.entity.id, found.entity);
    this.expanded.add(found.entity.id);
    const centre = this.view(found.entity);
    const part = this.part(found.entity, found.groups);
    this.post({ type: 'centre', centre, ...part });
    return {
      centre,
      neighbours: found.groups.flatMap((g) => g.entities.map((e) => ({ ...this.view(e), reference: g.reference }))),
      more: part.more,
    };
  }

  private restart(): void {
    this.picture++;
    this.entities.clear();
    this.cursors.clear();
    this.expanded.clear();
    this.sent.length = 0;
  }

  /** A message from the page: anything but the union is ignored (the page is a browser page). */
  async receive(raw: unknown): Promise<void> {
    const parsed = neighbourhoodWebviewMessage.safeParse(raw);
    if (!parsed.success) return;
    const m = parsed.data;
    if (m.type === 'ready') {
      this.ready = true;
      for (const sent of this.sent) this.deps.post(sent);
      return;
    }
    const entity = this.entities.get(m.type === 'more' ? m.of : m.id);
    if (!entity) return;
    const ref: EntityRef = { type: entity.type, id: entity.id, label: entityLabel(this.deps.model, entity) };
    if (m.type === 'open') this.deps.open(ref);
    else if (m.type === 'reveal') this.deps.reveal(ref);
    else if (m.type === 'expand') await this.expand(entity);
    else await this.more(entity, m.reference);
  }

  private async expand(entity: EntityObject): Promise<void> {
    if (this.expanded.has(entity.id)) return;
    this.expanded.add(entity.id);
    await this.fetching(entity.id, undefined, async (api, current) => {
      const found = await fetchNeighbourhood(api, this.deps.model, entity);
      if (!current()) return undefined;
      if (!found) return `The archive no longer has ${entity.type} ${entity.id}.`;
      this.entities.set(found.entity.id, found.entity);
      this.post({ type: 'neighbours', of: entity.id, ...this.part(found.entity, found.groups) });
      return undefined;
    });
  }

  private async more(entity: EntityObject, reference: string): Promise<void> {
    const key = `${entity.id}\u0000${reference}`;
    const cursor = this.cursors.get(key);
    if (!cursor) return;
    // Taken now, so a second click while this page loads asks nothing; put back if it fails.
    this.cursors.delete(key);
    const picture = this.picture;
    const done = await this.fetching(entity.id, reference, async (api, current) => {
      const group = await fetchMoreNeighbours(api, entity, cursor);
      if (current()) this.post({ type: 'neighbours', of: entity.id, reference, ...this.part(entity, [group]) });
      return undefined;
    });
    if (!done && picture === this.picture) this.cursors.set(key, cursor);
  }

  /** Runs a fetch; its error, or the problem it gives, is shown on the node it was for. True when it succeeded. */
  private async fetching(of: string, reference: string | undefined, run: (api: ArchiveApi, current: () => boolean) => Promise<string | undefined>): Promise<boolean> {
    const archive = await this.deps.archive();
    if (!archive) {
      if (reference === undefined) this.expanded.delete(of);
      this.post({ type: 'failed', of, ...(reference === undefined ? {} : { reference }), message: 'No environment is active.' });
      return false;
    }
    const picture = this.picture;
    let problem: string | undefined;
    try {
      problem = await run(archive.client, () => picture === this.picture);
    } catch (error) {
      problem = archive.redact(message(error));
    }
    if (problem !== undefined && picture === this.picture) {
      // Asked again on the next click.
      if (reference === undefined) this.expanded.delete(of);
      this.post({ type: 'failed', of, ...(reference === undefined ? {} : { reference }), message: problem });
    }
    return problem === undefined;
  }

  private view(entity: EntityObject): NeighbourView {
    return { id: entity.id, type: entity.type, label: entityLabel(this.deps.model, entity) };
  }

  private part(of: EntityObject, groups: readonly NeighbourGroup[]): NeighbourhoodPart {
    const part: NeighbourhoodPart = { entities: [], links: [], more: [] };
    for (const g of groups) {
      for (const e of g.entities) {
        if (!this.entities.has(e.id)) this.entities.set(e.id, e);
        part.entities.push(this.view(e));
        const [from, to] = g.role === 'parent' ? [e.id, of.id] : [of.id, e.id];
        part.links.push({ key: linkKey(of.id, e.id, g.reference, g.inverse), from, to, reference: g.reference, peer: g.role === 'peer' });
      }
      if (g.next) {
        this.cursors.set(`${of.id}\u0000${g.reference}`, g.next);
        part.more.push({ of: of.id, reference: g.reference, role: g.role });
      }
    }
    return part;
  }

  private post(message: NeighbourhoodHostMessage): void {
    this.sent.push(message);
    if (this.ready) this.deps.post(message);
  }
}
