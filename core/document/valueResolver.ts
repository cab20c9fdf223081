/**
 * The values a request is sent with: `@name` variables and `{{block.path}}` references, resolved
 * the way a run resolves them — block variable, file variable, the active environment, then what
 * the user supplied when asked — with a reference reading the last response of its block.
 *
 * Pure: the environment, the supplied values and the responses are passed in, so the language
 * server (`noarkq/queryRequestBody`), `noarkq run` and the extension resolve a value the same way.
 */
import type { JsonValue } from '../jsonValue';
import type { DocumentBlock, NoarkqDocument, ReferenceOccurrence, VariableDeclaration } from './documentModel';
import { blockNameIndex } from './documentNavigation';
import { referencePathText, scanReferences } from './referenceScanner';
import { usableNamed } from './variableScope';

/** What a reference reads from a block's last run. */
export interface RecordedResponse {
  status: number;
  body: JsonValue | undefined;
}

export interface ValueSources {
  /** The active environment's variables. */
  environment?: Readonly<Record<string, JsonValue>>;
  /** Values the user gave for names nothing else defines (asked for, or `--var`). */
  supplied?: Readonly<Record<string, JsonValue>>;
  /** The last response of each block that ran in this session, by block name. */
  responses?: { get(blockName: string): RecordedResponse | undefined };
}

/** `missing`: nothing defines this name, so a run asks for it. */
export type Resolution = { value: JsonValue } | { missing: string } | { error: string };

type Reference = Pick<ReferenceOccurrence, 'name' | 'segments'>;

const own = (record: Readonly<Record<string, JsonValue>> | undefined, name: string): boolean =>
  record !== undefined && Object.prototype.hasOwnProperty.call(record, name);

export class ValueResolver {
  private readonly blocks: ReadonlyMap<string, DocumentBlock>;

  constructor(
    private readonly doc: NoarkqDocument,
    private readonly block: DocumentBlock,
    private readonly sources: ValueSources,
  ) {
    this.blocks = blockNameIndex(doc);
  }

  /** A variable's value, innermost first. */
  variable(name: string): Resolution {
    return this.variableVisiting(name, new Set());
  }

  /** A `{{reference}}`'s value: a variable (`{{name}}`) or a path into a block's last response. */
  reference(reference: Reference): Resolution {
    return this.referenceVisiting(reference, new Set());
  }

  /**
   * `text` with every `{{reference}}` in it replaced: a text that is exactly one reference takes
   * the value with its JSON type; otherwise each value is spliced in as text (strings as they are,
   * anything else as JSON). The first problem wins.
   */
  substitute(text: string): Resolution {
    if (!text.includes('{{')) return { value: text };
    const scan = scanReferences(text, 0, text.length, 'json');
    if (scan.diagnostics.length > 0) return { error: `${JSON.stringify(text)}: ${scan.diagnostics[0].message}` };
    let out = '';
    let at = 0;
    for (const ref of scan.references) {
      const resolved = this.reference(ref);
      if (!('value' in resolved)) return resolved;
      if (ref.wholeValue) return resolved;
      out += text.slice(at, ref.start) + (typeof resolved.value === 'string' ? resolved.value : JSON.stringify(resolved.value));
      at = ref.end;
    }
    return { value: out + text.slice(at) };
  }

  /** `value` with references substituted in every string (object keys stay as written). */
  substituteJson(value: JsonValue): Resolution {
    if (typeof value === 'string') return this.substitute(value);
    if (Array.isArray(value)) {
      const out: JsonValue[] = [];
      for (const item of value) {
        const r = this.substituteJson(item);
        if (!('value' in r)) return r;
        out.push(r.value);
      }
      return { value: out };
    }
    if (value !== null && typeof value === 'object') {
      const out: Record<string, JsonValue> = {};
      for (const [key, item] of Object.entries(value)) {
        const r = this.substituteJson(item);
        if (!('value' in r)) return r;
        out[key] = r.value;
      }
      return { value: out };
    }
    return { value };
  }

  private declaration(name: string): VariableDeclaration | undefined {
    const mine = this.block.index >= 0 ? usableNamed(this.block.parsed.variables, name) : undefined;
    return mine ?? usableNamed(this.doc.preamble.parsed.variables, name);
  }

  /** `visiting` breaks `@a = {{b}}`, `@b = {{a}}`. */
  private variableVisiting(name: string, visiting: Set<string>): Resolution {
    if (visiting.has(name)) return { error: `@${name} is defined through itself (${[...visiting, name].map((n) => `@${n}`).join(' → ')}): give one of them a value.` };
    const declaration = this.declaration(name);
    if (declaration) {
      const value = declaration.value;
      if (value.kind === 'json') return { value: value.value };
      if (value.kind === 'invalid') return { error: `@${name} has no valid value: write a JSON literal or a {{reference}} after \`=\`.` };
      return this.referenceVisiting(value.reference, new Set([...visiting, name]));
    }
    if (own(this.sources.environment, name)) return { value: this.sources.environment![name] };
    if (own(this.sources.supplied, name)) return { value: this.sources.supplied![name] };
    return { missing: name };
  }

  private referenceVisiting(ref: Reference, visiting: Set<string>): Resolution {
    const text = `{{${referencePathText(ref)}}}`;
    if (ref.segments.length === 0 && this.declaration(ref.name)) return this.variableVisiting(ref.name, visiting);
    if (!this.blocks.has(ref.name)) {
      if (ref.segments.length === 0) return this.variableVisiting(ref.name, visiting);
      return { error: `${text}: no block is named \`${ref.name}\`.` };
    }
    const response = this.sources.responses?.get(ref.name);
    if (!response) return { error: `${text} needs the response of block \`${ref.name}\`, which has not run in this session: run it first.` };
    if (response.status >= 400) return { error: `${text}: the last run of block \`${ref.name}\` failed (status ${response.status}); run it again.` };
    let value: JsonValue | undefined = response.body;
    let path = ref.name;
    for (const segment of ref.segments) {
      if (segment.kind === 'property') {
        value = value !== null && typeof value === 'object' && !Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, segment.name) ? value[segment.name] : undefined;
        path += `.${segment.name}`;
      } else {
        value = Array.isArray(value) ? value[segment.index] : undefined;
        path += `[${segment.index}]`;
      }
      if (value === undefined) return { error: `${text}: the last response of block \`${ref.name}\` has no \`${path}\`${emptyHint(response.body, ref)}.` };
    }
    if (value === undefined) return { error: `${text}: the last response of block \`${ref.name}\` has no body.` };
    return { value };
  }
}

/** The commonest surprise: a query that found nothing, read at `results[0]`. */
function emptyHint(body: JsonValue | undefined, ref: Reference): string {
  const first = ref.segments[0];
  if (first?.kind !== 'property' || first.name !== 'results') return '';
  const results = body !== null && typeof body === 'object' && !Array.isArray(body) ? body.results : undefined;
  return Array.isArray(results) && results.length === 0 ? ' (the query found nothing)' : '';
}
