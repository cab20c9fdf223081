/**
 * What names mean inside one QUERY request: its entity type, its JOIN aliases, and where a
 * dotted path leads. Completion asks it what may follow a `.`; hover asks what a segment is.
 * Works on incomplete requests (an unresolvable step ends the walk, it never throws).
 */
import type { JoinClause, QueryRequest } from '../../query';
import type { MemberLookup, NoarkModel } from '../../schema/types';

export interface AliasDef {
  name: string;
  join: JoinClause;
}

export interface PathStep {
  name: string;
  /** The type the name was looked up on. */
  owner: string;
  lookup: MemberLookup | undefined;
}

export interface PathWalk {
  steps: PathStep[];
  /** The type reached after the last step, when every step was a known reference (or, with no
   * steps, the start type). */
  type: string | undefined;
}

export class QueryScope {
  readonly rootType: string | undefined;
  readonly aliases = new Map<string, AliasDef>();
  private readonly aliasTargets = new Map<string, string | null>();

  constructor(
    readonly request: QueryRequest,
    readonly model: NoarkModel,
  ) {
    const name = request.type?.name;
    this.rootType = name !== undefined && model.getType(name) ? name : undefined;
    for (const join of request.joins) {
      if (join.alias && !this.aliases.has(join.alias.name)) this.aliases.set(join.alias.name, { name: join.alias.name, join });
    }
  }

  /** The type an alias stands for (its JOIN path's target), or undefined. */
  aliasTarget(name: string, visiting: Set<string> = new Set()): string | undefined {
    const known = this.aliasTargets.get(name);
    if (known !== undefined) return known ?? undefined;
    const def = this.aliases.get(name);
    if (!def?.join.path || visiting.has(name)) return undefined;
    visiting.add(name);
    const path = def.join.path;
    const walk = this.walk(path.alias?.name, path.segments.map((s) => s.name), visiting);
    const target = path.segments.length > 0 && walk.steps.every((s) => s.lookup?.kind === 'reference') ? walk.type : undefined;
    this.aliasTargets.set(name, target ?? null);
    return target;
  }

  /** Follows `names` from the alias (or from the query type when `alias` is undefined). */
  walk(alias: string | undefined, names: readonly string[], visiting?: Set<string>): PathWalk {
    let type = alias === undefined ? this.rootType : this.aliasTarget(alias, visiting);
    const steps: PathStep[] = [];
    for (const name of names) {
      if (type === undefined) break;
      const lookup = this.model.lookupMember(type, name);
      steps.push({ name, owner: type, lookup });
      type = lookup?.kind === 'reference' ? lookup.reference.target : undefined;
    }
    return { steps, type: steps.length === names.length ? type : undefined };
  }
}
