/**
 * What "closed" means in the sandbox, and the guard that makes closed entities refuse changes.
 *
 * The spec says bulk/close and bulk/open "change the status" but that the values they produce are
 * "not listed". We follow the Noark 5 code lists (vendor notes §3, identical in Documaster's
 * defaults and the standard):
 *   Arkiv       arkivstatus    A Avsluttet          ← close / open →  O Opprettet
 *   Arkivdel    arkivdelstatus P Avsluttet periode                    A Aktiv periode
 *   Saksmappe   saksstatus     A Avsluttet                            B Under behandling
 *   Journalpost journalstatus  A Arkivert                             J Journalført
 *   Dokument    dokumentstatus F Dokumentet er ferdigstilt            B Under redigering
 * The open codes are the defaults a new entity gets. Types without such a status (Klasse,
 * Klassifikasjonssystem, Mappe, Moetemappe, Basisregistrering, Arkivnotat, Moeteregistrering) are
 * closed through `avsluttetDato`/`avsluttetAv`/`avsluttetAvBrukerIdent` alone (M602/M603, which
 * the spec says "record who finalized an archive unit"); close sets them wherever the type has
 * them, open clears them.
 *
 * An entity IS closed when its `avsluttetDato` is set, or, for a type without that field (Arkivdel:
 * the vendor closes a series by `arkivdelstatus = P`), when its status holds the closed code. A
 * status code alone does not close a type that has `avsluttetDato`: a save of `journalstatus: "A"`
 * is an ordinary field change, the finalization is the date. Everything inside a closed entity
 * (containment.ts) is closed with it, whether or not it has a status of its own.
 */
import type { NoarkModel } from '../../core/schema';
import type { SqlSession } from '../store/database';
import { zonedTimestamp } from '../store/fieldValues';
import { ancestorsCte, containmentKeys } from './containment';

export interface StatusRule {
  field: string;
  closed: string;
  open: string;
}

export const statusRules: Readonly<Record<string, StatusRule>> = {
  Arkiv: { field: 'arkivstatus', closed: 'A', open: 'O' },
  Arkivdel: { field: 'arkivdelstatus', closed: 'P', open: 'A' },
  Saksmappe: { field: 'saksstatus', closed: 'A', open: 'B' },
  Journalpost: { field: 'journalstatus', closed: 'A', open: 'J' },
  Dokument: { field: 'dokumentstatus', closed: 'F', open: 'B' },
};

export const finalizedFields = ['avsluttetDato', 'avsluttetAv', 'avsluttetAvBrukerIdent'] as const;

export function hasField(model: NoarkModel, type: string, field: string): boolean {
  return model.getType(type)?.fields.some((f) => f.name === field) ?? false;
}

/** True when an entity of `type` with these stored fields is closed itself (not counting its containers). */
export function isClosedItself(model: NoarkModel, type: string, fields: Record<string, unknown>): boolean {
  if (hasField(model, type, 'avsluttetDato')) return fields.avsluttetDato !== undefined && fields.avsluttetDato !== null;
  const rule = statusRules[type];
  return rule !== undefined && fields[rule.field] === rule.closed;
}

const predicateCache = new WeakMap<NoarkModel, string>();

/** The SQL form of `isClosedItself` over `entity e`. Only constants of this module are inlined. */
function closedPredicate(model: NoarkModel): string {
  const cached = predicateCache.get(model);
  if (cached) return cached;
  const statusOnly = Object.entries(statusRules)
    .filter(([type]) => !hasField(model, type, 'avsluttetDato'))
    .map(([type, rule]) => `(e.type = '${type}' AND e.fields->>'${rule.field}' = '${rule.closed}')`);
  const predicate = [`(e.fields->>'avsluttetDato') IS NOT NULL`, ...statusOnly].join(' OR ');
  predicateCache.set(model, predicate);
  return predicate;
}

export interface ClosedContainer {
  id: number;
  type: string;
  /** When it was closed (`avsluttetDato`), where the type records it. */
  closedAt?: string;
  /** 0: the entity itself is closed; 1: its parent; ... */
  depth: number;
  /** The outermost closed container: the one bulk/open must be given (it may be this one). */
  outermost: { id: number; type: string };
}

/**
 * The nearest closed entity among `id` and its containers, or undefined when all are open;
 * `minDepth` 1 looks only at the containers (can the entity itself be opened?). Entities in
 * `closedJustNow` count as open: a transaction's own closings take effect when it commits.
 */
export async function findClosedContainer(
  session: SqlSession,
  model: NoarkModel,
  id: number,
  minDepth = 0,
  closedJustNow: readonly number[] = [],
): Promise<ClosedContainer | undefined> {
  const { rows } = await session.query<{ id: number | string; type: string; closed_at: string | null; depth: number }>(
    `${ancestorsCte('$2', '$1')}
     SELECT e.id, e.type, e.fields->>'avsluttetDato' AS closed_at, up.depth FROM up JOIN entity e ON e.id = up.id
     WHERE up.depth >= $3 AND (${closedPredicate(model)}) AND NOT (e.id = ANY($4::bigint[]))
     ORDER BY up.depth`,
    [id, containmentKeys(model), minDepth, [...closedJustNow]],
  );
  const nearest = rows[0];
  if (!nearest) return undefined;
  const outermost = rows[rows.length - 1];
  return {
    id: Number(nearest.id),
    type: nearest.type,
    closedAt: nearest.closed_at ?? undefined,
    depth: Number(nearest.depth),
    outermost: { id: Number(outermost.id), type: outermost.type },
  };
}

/** Why a change to `entity` is refused, naming the closed entity (and when it closed, in the
 * sandbox's zone like every answer) and what to open. */
export function closedEntityMessage(entity: { id: number; type: string }, closed: ClosedContainer, timeZone: string): string {
  const when = closed.closedAt ? ` (avsluttetDato ${zonedTimestamp(closed.closedAt, timeZone)})` : '';
  const what =
    closed.depth === 0
      ? `${entity.type} ${entity.id} is closed${when}`
      : `${entity.type} ${entity.id} lies inside ${closed.type} ${closed.id}, which is closed${when}`;
  const { outermost } = closed;
  const open = outermost.id === closed.id ? `${closed.type} ${closed.id}` : `${outermost.type} ${outermost.id}, the closed entity that contains it,`;
  return `${what}: closed entities and everything inside them refuse changes; open ${open} with bulk/open first.`;
}
