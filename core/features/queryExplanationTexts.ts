/**
 * The words of "Explain this query", in bokmål and English: one `ExplanationWords` per language,
 * each turning the same facts (queryExplanationFacts.ts) into Markdown sentences. A language
 * implements every phrase, so no text can fall back to nothing.
 */
import type { JsonValue } from '../jsonValue';
import type { FieldType } from '../schema/types';
import type { ChainFact, ConditionFact, DayFact, JoinFact, OperandFact, PagingFact, QueryFacts, SharedPathFact, SortFact, TypeFact } from './queryExplanationFacts';

export type ExplainLanguage = 'nb' | 'en';

export interface ExplanationWords {
  summary(facts: QueryFacts): string;
  returned(type: TypeFact | undefined): string;
  publicUse(value: QueryFacts['publicUse']): string;
  noConditions(type: TypeFact | undefined): string;
  /** The heading of a single condition. */
  oneCondition(condition: string): string;
  /** The heading of an `&&` or `||` list. */
  logic(operator: '&&' | '||'): string;
  condition(condition: ConditionFact): string;
  chain(chain: ChainFact): string;
  day(day: DayFact): string;
  sharedPath(shared: SharedPathFact, root: TypeFact | undefined): string;
  join(join: JoinFact, root: TypeFact | undefined): string;
  sort(items: readonly SortFact[]): string;
  paging(paging: PagingFact): string;
}

/** A Markdown code span that holds any text (a backtick inside gets a longer fence). */
export function code(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

function json(value: JsonValue): string {
  const text = JSON.stringify(value) ?? String(value);
  return code(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function isNull(operand: OperandFact): boolean {
  return operand.kind === 'parameter' && operand.value.kind === 'json' && operand.value.value === null;
}

/** The parameter whose value is null, by name (its value goes without saying). */
function nullName(operand: OperandFact): string {
  return operand.kind === 'parameter' ? code(`@${operand.name}`) : '';
}

function isStar(operand: OperandFact): boolean {
  return operand.kind === 'parameter' && operand.value.kind === 'json' && operand.value.value === '*';
}

// --- English ----------------------------------------------------------------------------------

function enNoun(type: TypeFact): string {
  const title = type.title ?? type.name;
  return title
    .replace(/ \(any kind\)$/, '')
    .split(' ')
    .map((w) => (w === 'ID' ? w : w.toLowerCase()))
    .join(' ');
}

function enPlural(noun: string): string {
  if (/ID$/.test(noun)) return `${noun}s`;
  if (/ss$|x$|ch$|sh$/.test(noun)) return `${noun}es`;
  if (/s$/.test(noun)) return noun;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

const anyKind = (type: TypeFact): boolean => type.abstract || / \(any kind\)$/.test(type.title ?? '');

/** "case file (`Saksmappe`)", "a class (`Klasse`)" ... */
function enOne(type: TypeFact, article = false): string {
  if (!type.known) return code(type.name);
  const noun = enNoun(type);
  const kind = anyKind(type) ? ' of any kind' : '';
  const a = article ? (/^[aeiou]/i.test(noun) ? 'an ' : 'a ') : '';
  return `${a}${noun}${kind} (${code(type.name)})`;
}

function enMany(type: TypeFact): string {
  if (!type.known) return `entities of type ${code(type.name)}`;
  return `${enPlural(enNoun(type))}${anyKind(type) ? ' of any kind' : ''} (${code(type.name)})`;
}

function enOperand(operand: OperandFact, note = ''): string {
  const more = note ? `, ${note}` : '';
  switch (operand.kind) {
    case 'missing':
      return `a missing value${note ? ` (${note})` : ''}`;
    case 'literal':
      return `${code(operand.text)} (written in the query: a value must be a parameter \`@name\` defined on a variable line${more})`;
    case 'parameter': {
      const name = code(`@${operand.name}`);
      const value = operand.value;
      switch (value.kind) {
        case 'json':
          return `${name} (${json(value.value)}${more})`;
        case 'reference':
          return `${name} (${code(value.text)}, known when the file runs${more})`;
        case 'invalid':
          return `${name} (its value does not parse${more})`;
        case 'undefined':
          return `${name} (not defined yet${more})`;
      }
    }
  }
}

function enOrder(item: SortFact): string {
  const asc = item.order === 'asc';
  const hint = (type: FieldType | undefined): string => {
    if (type === 'date' || type === 'timestamp') return asc ? 'earliest first' : 'latest first';
    if (type === 'number') return asc ? 'smallest first' : 'largest first';
    if (type === 'string') return asc ? 'A to Z' : 'Z to A';
    return '';
  };
  const h = hint(item.fieldType);
  return `${code(item.path)} ${asc ? 'ascending' : 'descending'}${h ? ` (${h})` : ''}`;
}

function enOffset(offset: PagingFact['offset']): string {
  if (offset === undefined) return 'from the first result (no `OFFSET`)';
  if (offset === 'invalid') return '`OFFSET` has no valid number';
  if (offset < 0) return `\`OFFSET ${offset}\` cannot be negative`;
  return offset === 0 ? 'from the first result (`OFFSET 0`)' : `skipping the first ${offset} (\`OFFSET ${offset}\`)`;
}

function enLike(c: Extract<ConditionFact, { kind: 'like' }>): string {
    const path = code(c.path);
    const operand = enOperand(c.operand);
    const m = c.meaning;
    switch (m.kind) {
      case 'contains':
        return `${path} contains ${code(m.text)} (like ${operand})`;
      case 'starts-with':
        return `${path} starts with ${code(m.text)} (like ${operand})`;
      case 'ends-with':
        return `${path} ends with ${code(m.text)} (like ${operand})`;
      case 'exact':
        return `${path} is exactly ${code(m.text)} (like ${operand}, which has no \`%\`)`;
      case 'pattern':
        return `${path} matches the pattern ${code(m.pattern)}, where each \`%\` stands for any characters (like ${operand})`;
      case 'anything':
        return `${path} may be any text (like ${operand})`;
      case 'unknown':
        return `${path} is like ${operand}: a \`%\` in the value stands for any characters (\`x%\` starts with x, \`%x%\` contains it, \`%x\` ends with it)`;
    }
}

const english: ExplanationWords = {
  summary(facts) {
    const type = facts.type;
    if (!type) return 'The query names no entity type yet: write one after `QUERY` (e.g. `QUERY Saksmappe`).';
    const what = type.known ? `Finds ${enMany(type)}` : `Finds entities of type ${code(type.name)} (a type the model does not know)`;
    const n = facts.conditionCount;
    const conditions = n === 0 ? ', all of them (no conditions)' : n === 1 ? ' with one condition' : ` with ${n} conditions`;
    const sorted = facts.sort.length > 0 ? `, sorted by ${facts.sort.map((s) => code(s.path)).join(', ')}` : '';
    const limit = facts.paging.limit;
    const page = typeof limit === 'number' && limit >= 0 && limit <= facts.paging.maxLimit ? `, at most ${limit} per answer` : '';
    return `${what}${conditions}${sorted}${page}.`;
  },
  returned(type) {
    const carries = '`id` and `version`, every field except references in `fields` (a query cannot choose fields), and the important references in `links`';
    if (!type || !type.known) return `Returns entities of the type named after \`QUERY\`, once it is one the archive knows; each result carries its ${carries}.`;
    if (type.abstract) {
      const kinds = type.subtypes.map(code).join(', ');
      return `Returns ${enMany(type)}${kinds ? `: ${kinds}` : ''}. Each result's \`type\` is its concrete type, never ${code(type.name)}; it carries its ${carries}.`;
    }
    return `Returns ${enMany(type)}: each result carries its \`type\`, ${carries}.`;
  },
  publicUse(value) {
    if (value === false) return '`PUBLICUSE false`: screened entities are returned too.';
    if (value === true) return 'Screened entities are left out (`PUBLICUSE true`).';
    if (value === 'invalid') return '`PUBLICUSE` has no valid value (`true` or `false`); by default screened entities are left out.';
    return 'Screened entities are left out (no `PUBLICUSE`: true by default).';
  },
  noConditions(type) {
    return `No \`WHERE\`: every ${type?.known ? enNoun(type) : 'entity of the type'} is returned, page by page.`;
  },
  oneCondition(condition) {
    return `Condition: ${lowerFirst(condition)}`;
  },
  logic(operator) {
    return operator === '&&' ? 'All of these must hold (`&&`):' : 'At least one of these must hold (`||`):';
  },
  condition(c) {
    switch (c.kind) {
      case 'incomplete':
        return c.text.trim() ? `An incomplete condition: ${code(c.text)}` : 'An empty condition';
      case 'like':
        return enLike(c);
      case 'range': {
        const bound = (b: OperandFact, inclusive: boolean, which: 'lower' | 'upper'): string => {
          if (isStar(b)) return `${which === 'lower' ? 'no lower bound' : 'no upper bound'} (${enOperand(b)}: any value)`;
          if (isNull(b)) return `${enOperand(b)}, which cannot be a bound (use \`"*"\` for an open one)`;
          return enOperand(b, inclusive ? 'included' : 'excluded');
        };
        const wrong = c.operator === '=' ? '' : ` — a range is written with \`=\`, not \`${c.operator}\``;
        return `${code(c.path)} is from ${bound(c.lower, c.lowerInclusive, 'lower')} to ${bound(c.upper, c.upperInclusive, 'upper')}${wrong}`;
      }
      case 'compare': {
        const path = code(c.path);
        const operand = enOperand(c.operand);
        const t = c.terminal;
        if (t.kind === 'reference') {
          const what = `${enOne(t.target, true)}`;
          if (isNull(c.operand)) {
            return c.operator === '='
              ? `${path} is not set: no ${what.replace(/^an? /, '')} is linked (${nullName(c.operand)} is null)`
              : `${path} is set: ${what} is linked (${nullName(c.operand)} is null)`;
          }
          if (isStar(c.operand)) return `${path} ${c.operator === '=' ? 'is' : 'is not'} ${operand}, which stands for any value`;
          return `${path} ${c.operator === '=' ? 'equals' : 'is not'} ${operand}, but a reference can only be compared with a parameter set to null (to test whether it is set); compare ${code(`${c.path}.id`)} to match an id`;
        }
        if (isNull(c.operand)) return c.operator === '=' ? `${path} has no value (${nullName(c.operand)} is null)` : `${path} has a value (${nullName(c.operand)} is null)`;
        if (isStar(c.operand)) return c.operator === '=' ? `${path} may have any value (${operand})` : `${path} is not ${operand}, which stands for any value`;
        const unknown = t.kind === 'unknown' ? ' — the model does not know this path' : '';
        const caseNote = t.kind === 'field' && t.type === 'string' && t.name !== 'id' && c.operator === '=' ? ', compared case-sensitively' : '';
        return `${path} ${c.operator === '=' ? 'equals' : 'is not'} ${operand}${caseNote}${unknown}`;
      }
    }
  },
  chain(chain) {
    const start = chain.start.kind === 'type' ? `the ${enOne(chain.start.type)}` : `the join ${code(`#${chain.start.alias}`)}${chain.start.target ? ` to ${enOne(chain.start.target, true)}` : ''}`;
    let many = false;
    const steps = chain.steps.map((s) => {
      const to = s.toMany ? `its ${enMany(s.target)}, of which there may be several` : `its ${enOne(s.target)}`;
      many ||= s.toMany;
      return `via ${code(s.reference)} to ${to}`;
    });
    const end = chain.field !== undefined ? `, and compares ${many ? 'their' : 'its'} ${code(chain.field)}` : '';
    const stop = chain.complete ? '' : '; the walk stops at a name that is not a known reference there';
    return `${code(chain.path)} walks from ${start}${steps.length > 0 ? ` ${steps.join(', ')}` : ''}${end}${stop}.`;
  },
  day(d) {
    if (d.kind === 'date-of-timestamp') {
      return `${code(`@${d.parameter}`)} is a timestamp on a date field: the archive takes its date, ${d.date} in its time zone (${d.timeZone}); the time of day is not compared.`;
    }
    const span = `the whole day ${d.date} in the archive's time zone (${d.timeZone}), ${d.from} to ${d.to}`;
    const role =
      d.role === 'value'
        ? '`=` matches any time that day, `!=` any time outside it'
        : d.role === 'lower'
          ? d.inclusive
            ? 'as the start bound `[` it includes that whole day'
            : 'as the start bound `{` it excludes that day: the range begins the next day'
          : d.inclusive
            ? 'as the end bound `]` it includes that whole day, up to its last millisecond'
            : 'as the end bound `}` it excludes that day: the range ends when the day begins';
    return `${code(`@${d.parameter}`)} is a date on a timestamp field: it stands for ${span}; ${role}.`;
  },
  sharedPath(s, root) {
    const which = s.paths.map(code).join(' and ');
    const prefix = code(s.prefix);
    const target = enOne(s.target);
    const owner = root?.known ? enNoun(root) : 'result';
    if (s.operator === '||') {
      return `${prefix} is used by ${s.count} conditions (${which}) joined by \`||\`: a reference used more than once is one single path, so a ${owner} matches when one ${target} it is linked to meets either condition.`;
    }
    const all = s.count === 2 ? 'both conditions' : `all ${s.count} conditions`;
    const advice = s.prefix.startsWith('#')
      ? 'An alias is one path: to match different linked entities, JOIN another alias for each.'
      : `To match different ones, JOIN an alias for each (${code(`JOIN #a1 = ${s.prefix}`)}, ${code(`JOIN #a2 = ${s.prefix}`)}) and compare through the aliases.`;
    return `${prefix} is used by ${s.count} conditions (${which}) joined by \`&&\`: a reference used more than once is one single path, so ${all} must hold on the same ${target}; a ${owner} linked to different ones that each meet one condition does not match. ${advice}`;
  },
  join(j, root) {
    const line = code(`JOIN #${j.alias} = ${j.path}`);
    const alias = code(`#${j.alias}`);
    const unused = j.unused ? ` ${alias} is not used in \`WHERE\`.` : '';
    if (!j.target) return `${line}: the path does not lead to a known reference, so ${alias} stands for nothing yet.${unused}`;
    const of = root?.known ? ` of the ${enNoun(root)}` : '';
    const which = j.toMany ? `one ${enNoun(j.target)} (${code(j.target.name)})${of}, of possibly several` : `the ${enOne(j.target)}${of}`;
    const many = j.toMany ? '; conditions on two aliases of the same reference may hold on two different linked entities' : '';
    return `${line}: ${alias} is a path of its own to ${which}${many}.${unused}`;
  },
  sort(items) {
    if (items.length === 0) return 'No `SORT`: the results come in the archive\'s order, which the spec leaves open.';
    return `Sorted by ${items.map(enOrder).join(', then by ')}.`;
  },
  paging(p) {
    const limit = p.limit;
    if (limit === 'invalid') return `\`LIMIT\` has no valid number: give the number of results per answer (at most ${p.maxLimit}).`;
    if (typeof limit === 'number' && limit > p.maxLimit) return `\`LIMIT ${limit}\` is more than the archive's maximum of ${p.maxLimit}: lower it and page through the results with \`OFFSET\`.`;
    if (typeof limit === 'number' && limit < 0) return `\`LIMIT ${limit}\` cannot be negative: give the number of results per answer (at most ${p.maxLimit}).`;
    const offset = enOffset(p.offset);
    if (limit === undefined) {
      return `No \`LIMIT\`: the archive's default page size, which the spec does not give (at most ${p.maxLimit} per answer); ${offset}. While the answer says \`hasMore\`, ask again with \`OFFSET\` plus the number of results received.`;
    }
    // No OFFSET is the first result, as the sentence before says.
    const start = p.offset === undefined ? 0 : p.offset;
    const next = typeof start === 'number' && start >= 0 ? ` \`OFFSET ${start + limit}\`` : ` \`OFFSET\` + ${limit}`;
    return `At most ${limit} ${limit === 1 ? 'result' : 'results'} per answer, ${offset}. When the answer says \`hasMore\`, the next page is${next} (offset + limit).`;
  },
};

// --- bokmål -----------------------------------------------------------------------------------

/** Bokmål names of the model's types: [entall, flertall]. */
const nbNames: Record<string, [string, string]> = {
  Arkiv: ['arkiv', 'arkiv'],
  Arkivskaper: ['arkivskaper', 'arkivskapere'],
  Klassifikasjonssystem: ['klassifikasjonssystem', 'klassifikasjonssystemer'],
  Klasse: ['klasse', 'klasser'],
  Arkivdel: ['arkivdel', 'arkivdeler'],
  Mappe: ['mappe', 'mapper'],
  Saksmappe: ['saksmappe', 'saksmapper'],
  Sakspart: ['sakspart', 'saksparter'],
  Moetemappe: ['møtemappe', 'møtemapper'],
  Moetedeltaker: ['møtedeltaker', 'møtedeltakere'],
  Basisregistrering: ['basisregistrering', 'basisregistreringer'],
  Journalpost: ['journalpost', 'journalposter'],
  Arkivnotat: ['arkivnotat', 'arkivnotater'],
  Moeteregistrering: ['møteregistrering', 'møteregistreringer'],
  Korrespondansepart: ['korrespondansepart', 'korrespondanseparter'],
  Dokumentflyt: ['dokumentflyt', 'dokumentflyter'],
  Avskrivning: ['avskrivning', 'avskrivninger'],
  Dokument: ['dokumentbeskrivelse', 'dokumentbeskrivelser'],
  Dokumentversjon: ['dokumentversjon', 'dokumentversjoner'],
  Adresse: ['adresse', 'adresser'],
  Bygning: ['bygning', 'bygninger'],
  Eiendom: ['eiendom', 'eiendommer'],
  Plan: ['plan', 'planer'],
  Presedens: ['presedens', 'presedenser'],
  EksternId: ['ekstern ID', 'eksterne ID-er'],
  Noekkelord: ['nøkkelord', 'nøkkelord'],
  Merknad: ['merknad', 'merknader'],
  AbstraktMappe: ['mappe av alle typer', 'mapper av alle typer'],
  AbstraktRegistrering: ['registrering av alle typer', 'registreringer av alle typer'],
  NasjonalIdentifikator: ['nasjonal identifikator av alle typer', 'nasjonale identifikatorer av alle typer'],
};

/** Types whose bokmål word is neuter: "et arkiv", "ett arkivnotat". */
const nbNeuter = new Set(['Arkiv', 'Klassifikasjonssystem', 'Arkivnotat', 'Noekkelord']);

/** "en"/"et", or "én"/"ett" when `one` stresses the number. */
function nbArticle(type: TypeFact, one = false): string {
  const neuter = nbNeuter.has(type.name);
  return one ? (neuter ? 'ett' : 'én') : neuter ? 'et' : 'en';
}

function nbNoun(type: TypeFact, plural = false): string | undefined {
  const names = nbNames[type.name];
  return names ? names[plural ? 1 : 0] : undefined;
}

/** "saksmappe (`Saksmappe`)", or the type's name alone when bokmål has no word for it here. */
function nbOne(type: TypeFact): string {
  const noun = type.known ? nbNoun(type) : undefined;
  return noun ? `${noun} (${code(type.name)})` : code(type.name);
}

function nbMany(type: TypeFact): string {
  const noun = type.known ? nbNoun(type, true) : undefined;
  return noun ? `${noun} (${code(type.name)})` : `objekter av typen ${code(type.name)}`;
}

function nbOperand(operand: OperandFact, note = ''): string {
  const more = note ? `, ${note}` : '';
  switch (operand.kind) {
    case 'missing':
      return `en verdi som mangler${note ? ` (${note})` : ''}`;
    case 'literal':
      return `${code(operand.text)} (skrevet i spørringen: en verdi må være en parameter \`@navn\` definert på en variabellinje${more})`;
    case 'parameter': {
      const name = code(`@${operand.name}`);
      const value = operand.value;
      switch (value.kind) {
        case 'json':
          return `${name} (${json(value.value)}${more})`;
        case 'reference':
          return `${name} (${code(value.text)}, kjent når filen kjøres${more})`;
        case 'invalid':
          return `${name} (verdien kan ikke leses${more})`;
        case 'undefined':
          return `${name} (ikke definert ennå${more})`;
      }
    }
  }
}

function nbOrder(item: SortFact): string {
  const asc = item.order === 'asc';
  const hint = (type: FieldType | undefined): string => {
    if (type === 'date' || type === 'timestamp') return asc ? 'eldste først' : 'nyeste først';
    if (type === 'number') return asc ? 'minste først' : 'største først';
    if (type === 'string') return asc ? 'A til Å' : 'Å til A';
    return '';
  };
  const h = hint(item.fieldType);
  return `${code(item.path)} ${asc ? 'stigende' : 'synkende'}${h ? ` (${h})` : ''}`;
}

function nbOffset(offset: PagingFact['offset']): string {
  if (offset === undefined) return 'fra første treff (ingen `OFFSET`)';
  if (offset === 'invalid') return '`OFFSET` har ikke et gyldig tall';
  if (offset < 0) return `\`OFFSET ${offset}\` kan ikke være negativ`;
  return offset === 0 ? 'fra første treff (`OFFSET 0`)' : `fra treff nr. ${offset + 1} (\`OFFSET ${offset}\`)`;
}

function nbLike(c: Extract<ConditionFact, { kind: 'like' }>): string {
    const path = code(c.path);
    const operand = nbOperand(c.operand);
    const m = c.meaning;
    switch (m.kind) {
      case 'contains':
        return `${path} inneholder ${code(m.text)} (likner ${operand})`;
      case 'starts-with':
        return `${path} begynner med ${code(m.text)} (likner ${operand})`;
      case 'ends-with':
        return `${path} slutter med ${code(m.text)} (likner ${operand})`;
      case 'exact':
        return `${path} er nøyaktig ${code(m.text)} (likner ${operand}, som ikke har \`%\`)`;
      case 'pattern':
        return `${path} passer mønsteret ${code(m.pattern)}, der hver \`%\` står for hvilke som helst tegn (likner ${operand})`;
      case 'anything':
        return `${path} kan være hvilken som helst tekst (likner ${operand})`;
      case 'unknown':
        return `${path} likner ${operand}: en \`%\` i verdien står for hvilke som helst tegn (\`x%\` begynner med x, \`%x%\` inneholder x, \`%x\` slutter med x)`;
    }
}

const bokmaal: ExplanationWords = {
  summary(facts) {
    const type = facts.type;
    if (!type) return 'Spørringen har ingen objekttype ennå: skriv en etter `QUERY` (f.eks. `QUERY Saksmappe`).';
    const what = type.known ? `Finner ${nbMany(type)}` : `Finner objekter av typen ${code(type.name)} (en type modellen ikke kjenner)`;
    const n = facts.conditionCount;
    const conditions = n === 0 ? ', alle sammen (ingen vilkår)' : n === 1 ? ' med ett vilkår' : ` med ${n} vilkår`;
    const sorted = facts.sort.length > 0 ? `, sortert etter ${facts.sort.map((s) => code(s.path)).join(', ')}` : '';
    const limit = facts.paging.limit;
    const page = typeof limit === 'number' && limit >= 0 && limit <= facts.paging.maxLimit ? `, høyst ${limit} per svar` : '';
    return `${what}${conditions}${sorted}${page}.`;
  },
  returned(type) {
    const carries = '`id` og `version`, alle felt unntatt referanser i `fields` (en spørring kan ikke velge felt), og de viktige referansene i `links`';
    if (!type || !type.known) return `Gir objekter av typen etter \`QUERY\` når arkivet kjenner den; hvert treff har ${carries}.`;
    if (type.abstract) {
      const kinds = type.subtypes.map(code).join(', ');
      return `Gir ${nbMany(type)}${kinds ? `: ${kinds}` : ''}. \`type\` i hvert treff er den konkrete typen, aldri ${code(type.name)}; treffet har ${carries}.`;
    }
    return `Gir ${nbMany(type)}: hvert treff har \`type\`, ${carries}.`;
  },
  publicUse(value) {
    if (value === false) return '`PUBLICUSE false`: skjermede objekter kommer også med.';
    if (value === true) return 'Skjermede objekter holdes utenfor (`PUBLICUSE true`).';
    if (value === 'invalid') return '`PUBLICUSE` har ingen gyldig verdi (`true` eller `false`); som standard holdes skjermede objekter utenfor.';
    return 'Skjermede objekter holdes utenfor (ingen `PUBLICUSE`: true som standard).';
  },
  noConditions(type) {
    return `Ingen \`WHERE\`: alle ${type?.known ? (nbNoun(type, true) ?? `objekter av typen ${code(type.name)}`) : 'objekter av typen'} kommer med, side for side.`;
  },
  oneCondition(condition) {
    return `Vilkår: ${lowerFirst(condition)}`;
  },
  logic(operator) {
    return operator === '&&' ? 'Alle disse må gjelde (`&&`):' : 'Minst ett av disse må gjelde (`||`):';
  },
  condition(c) {
    switch (c.kind) {
      case 'incomplete':
        return c.text.trim() ? `Et ufullstendig vilkår: ${code(c.text)}` : 'Et tomt vilkår';
      case 'like':
        return nbLike(c);
      case 'range': {
        const bound = (b: OperandFact, inclusive: boolean, which: 'lower' | 'upper'): string => {
          if (isStar(b)) return `${which === 'lower' ? 'ingen nedre grense' : 'ingen øvre grense'} (${nbOperand(b)}: hvilken som helst verdi)`;
          if (isNull(b)) return `${nbOperand(b)}, som ikke kan være en grense (bruk \`"*"\` for en åpen grense)`;
          return nbOperand(b, inclusive ? 'inkludert' : 'ikke inkludert');
        };
        const wrong = c.operator === '=' ? '' : ` – et intervall skrives med \`=\`, ikke \`${c.operator}\``;
        return `${code(c.path)} er fra ${bound(c.lower, c.lowerInclusive, 'lower')} til ${bound(c.upper, c.upperInclusive, 'upper')}${wrong}`;
      }
      case 'compare': {
        const path = code(c.path);
        const operand = nbOperand(c.operand);
        const t = c.terminal;
        if (t.kind === 'reference') {
          if (isNull(c.operand)) {
            return c.operator === '='
              ? `${path} er ikke satt: ingen ${nbOne(t.target)} er koblet til (${nullName(c.operand)} er null)`
              : `${path} er satt: minst ${nbArticle(t.target, true)} ${nbOne(t.target)} er koblet til (${nullName(c.operand)} er null)`;
          }
          if (isStar(c.operand)) return `${path} ${c.operator === '=' ? 'er' : 'er ikke'} ${operand}, som står for hvilken som helst verdi`;
          return `${path} ${c.operator === '=' ? 'er lik' : 'er ulik'} ${operand}, men en referanse kan bare sammenlignes med en parameter som er null (for å se om den er satt); sammenlign ${code(`${c.path}.id`)} for å treffe en id`;
        }
        if (isNull(c.operand)) return c.operator === '=' ? `${path} har ingen verdi (${nullName(c.operand)} er null)` : `${path} har en verdi (${nullName(c.operand)} er null)`;
        if (isStar(c.operand)) return c.operator === '=' ? `${path} kan ha hvilken som helst verdi (${operand})` : `${path} er ulik ${operand}, som står for hvilken som helst verdi`;
        const unknown = t.kind === 'unknown' ? ' – modellen kjenner ikke denne stien' : '';
        const caseNote = t.kind === 'field' && t.type === 'string' && t.name !== 'id' && c.operator === '=' ? ', der store og små bokstaver skilles' : '';
        return `${path} ${c.operator === '=' ? 'er lik' : 'er ulik'} ${operand}${caseNote}${unknown}`;
      }
    }
  },
  chain(chain) {
    const start = chain.start.kind === 'type' ? nbOne(chain.start.type) : `aliaset ${code(`#${chain.start.alias}`)}${chain.start.target ? ` til ${nbOne(chain.start.target)}` : ''}`;
    const steps = chain.steps.map((s) => `via ${code(s.reference)} til ${s.toMany ? `${nbMany(s.target)}, det kan være flere` : nbOne(s.target)}`);
    const end = chain.field !== undefined ? `, og sammenligner feltet ${code(chain.field)} der` : '';
    const stop = chain.complete ? '' : '; veien stopper ved et navn som ikke er en kjent referanse der';
    return `${code(chain.path)} går fra ${start}${steps.length > 0 ? ` ${steps.join(', ')}` : ''}${end}${stop}.`;
  },
  day(d) {
    if (d.kind === 'date-of-timestamp') {
      return `${code(`@${d.parameter}`)} er et tidspunkt på et datofelt: arkivet bruker datoen, ${d.date} i arkivets tidssone (${d.timeZone}); klokkeslettet sammenlignes ikke.`;
    }
    const span = `hele dagen ${d.date} i arkivets tidssone (${d.timeZone}), ${d.from} til ${d.to}`;
    const role =
      d.role === 'value'
        ? '`=` treffer alle tidspunkter den dagen, `!=` alle tidspunkter utenfor den'
        : d.role === 'lower'
          ? d.inclusive
            ? 'som startgrense med `[` tar den med hele dagen'
            : 'som startgrense med `{` holder den dagen utenfor: intervallet begynner dagen etter'
          : d.inclusive
            ? 'som sluttgrense med `]` tar den med hele dagen, til siste millisekund'
            : 'som sluttgrense med `}` holder den dagen utenfor: intervallet slutter når dagen begynner';
    return `${code(`@${d.parameter}`)} er en dato på et tidspunktfelt: den står for ${span}; ${role}.`;
  },
  sharedPath(s, root) {
    const which = s.paths.map(code).join(' og ');
    const prefix = code(s.prefix);
    const target = nbOne(s.target);
    const owner = root?.known ? `${nbArticle(root)} ${nbNoun(root) ?? code(root.name)}` : 'et treff';
    if (s.operator === '||') {
      return `${prefix} brukes i ${s.count} vilkår (${which}) bundet med \`||\`: en referanse som brukes flere ganger, er én og samme sti, så ${owner} kommer med når ${nbArticle(s.target, true)} ${target} den er koblet til, oppfyller ett av vilkårene.`;
    }
    const all = s.count === 2 ? 'begge vilkårene' : `alle ${s.count} vilkårene`;
    const advice = s.prefix.startsWith('#')
      ? 'Et alias er én sti: for å treffe ulike koblede objekter, lag et nytt alias med JOIN for hvert.'
      : `For å treffe ulike, lag et alias for hver med JOIN (${code(`JOIN #a1 = ${s.prefix}`)}, ${code(`JOIN #a2 = ${s.prefix}`)}) og sammenlign gjennom aliasene.`;
    return `${prefix} brukes i ${s.count} vilkår (${which}) bundet med \`&&\`: en referanse som brukes flere ganger, er én og samme sti, så ${all} må gjelde samme ${target}; ${owner} koblet til ulike som hver oppfyller ett vilkår, kommer ikke med. ${advice}`;
  },
  join(j, root) {
    const line = code(`JOIN #${j.alias} = ${j.path}`);
    const alias = code(`#${j.alias}`);
    const unused = j.unused ? ` ${alias} brukes ikke i \`WHERE\`.` : '';
    if (!j.target) return `${line}: stien fører ikke til en kjent referanse, så ${alias} står ikke for noe ennå.${unused}`;
    const from = root?.known ? ` fra hver ${nbNoun(root) ?? code(root.name)}` : '';
    const which = j.toMany ? `${nbArticle(j.target, true)} ${nbOne(j.target)}, av muligens flere` : nbOne(j.target);
    const many = j.toMany ? '; vilkår på to alias for samme referanse kan gjelde to ulike koblede objekter' : '';
    return `${line}: ${alias} er en egen sti${from} til ${which}${many}.${unused}`;
  },
  sort(items) {
    if (items.length === 0) return 'Ingen `SORT`: treffene kommer i arkivets rekkefølge, som spesifikasjonen ikke fastsetter.';
    return `Sortert etter ${items.map(nbOrder).join(', deretter etter ')}.`;
  },
  paging(p) {
    const limit = p.limit;
    if (limit === 'invalid') return `\`LIMIT\` har ikke et gyldig tall: oppgi antall treff per svar (høyst ${p.maxLimit}).`;
    if (typeof limit === 'number' && limit > p.maxLimit) return `\`LIMIT ${limit}\` er mer enn arkivets maksimum på ${p.maxLimit}: senk den og bla gjennom treffene med \`OFFSET\`.`;
    if (typeof limit === 'number' && limit < 0) return `\`LIMIT ${limit}\` kan ikke være negativ: oppgi antall treff per svar (høyst ${p.maxLimit}).`;
    const offset = nbOffset(p.offset);
    if (limit === undefined) {
      return `Ingen \`LIMIT\`: arkivets standard sidestørrelse, som spesifikasjonen ikke oppgir (høyst ${p.maxLimit} per svar); ${offset}. Så lenge svaret sier \`hasMore\`, spør igjen med \`OFFSET\` pluss antall treff som kom.`;
    }
    // No OFFSET is the first result, as the sentence before says.
    const start = p.offset === undefined ? 0 : p.offset;
    const next = typeof start === 'number' && start >= 0 ? ` \`OFFSET ${start + limit}\`` : ` \`OFFSET\` + ${limit}`;
    return `Høyst ${limit} treff per svar, ${offset}. Når svaret sier \`hasMore\`, er neste side${next} (offset + limit).`;
  },
};

export function explanationWords(language: ExplainLanguage): ExplanationWords {
  return language === 'nb' ? bokmaal : english;
}
