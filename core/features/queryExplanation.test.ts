import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { MarkupKind } from 'vscode-languageserver-types';
import { parseDocument } from '../document';
import { noarkModel } from '../schema';
import { hoverAt } from '../../test/fixtures/completionFixtures';
import { adaptHover, markdownToPlainText } from './clientFormats';
import { getCodeActions } from './codeActions';
import type { FeatureContext } from './featureContext';
import { explainLanguageOf, explainQuery, explanationComments, explanationMarkdown } from './queryExplanation';
import { queryExplanationAt } from './queryExplanationActions';
import type { ExplainLanguage } from './queryExplanationTexts';

interface Case {
  name: string;
  /** Lines of the fixture; `|` marks the cursor, on `QUERY` or `WHERE`. */
  text: string[];
  /** Substrings the English explanation holds. */
  en: string[];
  /** Substrings the bokmål explanation holds. */
  nb: string[];
  /** Substrings neither holds. */
  not?: string[];
}

/** The explanation the hover on the cursor's keyword shows, in `language`. */
function explainedAt(text: string[], language: ExplainLanguage): { markdown: string; covered: string | undefined } {
  const r = hoverAt(text.join('\n'), { explain: { language } });
  assert.ok(r.hover, `no hover at the cursor of:\n${text.join('\n')}`);
  return { markdown: r.markdown, covered: r.covered };
}

function run(cases: Case[]): void {
  for (const c of cases) {
    for (const language of ['en', 'nb'] as const) {
      it(`${c.name} (${language})`, () => {
        const { markdown } = explainedAt(c.text, language);
        for (const s of c[language]) assert.ok(markdown.includes(s), `missing ${JSON.stringify(s)} in:\n${markdown}`);
        for (const s of [...(c.not ?? []), 'undefined', '[object', 'NaN']) assert.ok(!markdown.includes(s), `unexpected ${JSON.stringify(s)} in:\n${markdown}`);
      });
    }
  }
}

describe('explain a query: what comes back', () => {
  run([
    {
      name: 'a concrete type, every field, screened entities left out',
      text: ['###', 'QU|ERY Saksmappe'],
      en: ['Finds case files (`Saksmappe`), all of them (no conditions).', 'every field except references in `fields`', 'Screened entities are left out', 'No `WHERE`: every case file is returned'],
      nb: ['Finner saksmapper (`Saksmappe`), alle sammen (ingen vilkår).', 'alle felt unntatt referanser i `fields`', 'Skjermede objekter holdes utenfor', 'Ingen `WHERE`: alle saksmapper kommer med'],
    },
    {
      name: 'an abstract type names its concrete types',
      text: ['###', 'QUE|RY AbstraktMappe'],
      en: ['folders of any kind (`AbstraktMappe`): `Mappe`, `Saksmappe`, `Moetemappe`', 'its concrete type, never `AbstraktMappe`'],
      nb: ['mapper av alle typer (`AbstraktMappe`): `Mappe`, `Saksmappe`, `Moetemappe`', 'den konkrete typen, aldri `AbstraktMappe`'],
    },
    {
      name: 'PUBLICUSE false returns screened entities',
      text: ['###', '|QUERY Journalpost', 'PUBLICUSE false'],
      en: ['`PUBLICUSE false`: screened entities are returned too.'],
      nb: ['`PUBLICUSE false`: skjermede objekter kommer også med.'],
    },
    {
      name: 'a type the model does not know',
      text: ['###', '|QUERY Saksmape'],
      en: ['entities of type `Saksmape` (a type the model does not know)'],
      nb: ['objekter av typen `Saksmape` (en type modellen ikke kjenner)'],
    },
    {
      name: 'no type yet',
      text: ['###', '|QUERY'],
      en: ['The query names no entity type yet'],
      nb: ['Spørringen har ingen objekttype ennå'],
    },
  ]);
});

describe('explain a query: conditions', () => {
  run([
    {
      name: '= on text is case-sensitive, with the parameter named and its value',
      text: ['###', '@title = "Plan"', 'QUERY Saksmappe', '|WHERE tittel = @title'],
      en: ['Condition: `tittel` equals `@title` (`"Plan"`), compared case-sensitively'],
      nb: ['Vilkår: `tittel` er lik `@title` (`"Plan"`), der store og små bokstaver skilles'],
    },
    {
      name: '!=',
      text: ['###', '@s = "A"', 'QUERY Saksmappe', '|WHERE saksstatus != @s'],
      en: ['`saksstatus` is not `@s` (`"A"`)'],
      nb: ['`saksstatus` er ulik `@s` (`"A"`)'],
    },
    {
      name: 'a parameter nothing defines is still named',
      text: ['###', 'QUERY Saksmappe', '|WHERE saksaar = @year'],
      en: ['`saksaar` equals `@year` (not defined yet)'],
      nb: ['`saksaar` er lik `@year` (ikke definert ennå)'],
    },
    {
      name: 'a null parameter on a field tests for no value',
      text: ['###', '@none = null', 'QUERY Saksmappe', '|WHERE beskrivelse = @none'],
      en: ['`beskrivelse` has no value (`@none` is null)'],
      nb: ['`beskrivelse` har ingen verdi (`@none` er null)'],
    },
    {
      name: 'a null parameter on a reference tests whether it is set',
      text: ['###', '@n = null', 'QUERY Saksmappe', '|WHERE refEksternId = @n'],
      en: ['`refEksternId` is not set: no external ID (`EksternId`) is linked (`@n` is null)'],
      nb: ['`refEksternId` er ikke satt: ingen ekstern ID (`EksternId`) er koblet til'],
    },
    {
      name: '!= null on a reference',
      text: ['###', '@n = null', 'QUERY Saksmappe', '|WHERE refPrimaerKlasse != @n'],
      en: ['`refPrimaerKlasse` is set: a class (`Klasse`) is linked'],
      nb: ['`refPrimaerKlasse` er satt: minst én klasse (`Klasse`) er koblet til'],
    },
    {
      name: '"*" stands for any value',
      text: ['###', '@any = "*"', 'QUERY Saksmappe', '|WHERE saksstatus = @any'],
      en: ['`saksstatus` may have any value (`@any` (`"*"`))'],
      nb: ['`saksstatus` kan ha hvilken som helst verdi (`@any` (`"*"`))'],
    },
    {
      name: 'a literal where a parameter belongs',
      text: ['###', 'QUERY Saksmappe', '|WHERE saksaar = 2024'],
      en: ['`saksaar` equals `2024` (written in the query: a value must be a parameter'],
      nb: ['`saksaar` er lik `2024` (skrevet i spørringen: en verdi må være en parameter'],
    },
    {
      name: 'an incomplete condition',
      text: ['###', 'QUERY Saksmappe', '|WHERE tittel ='],
      en: ['Condition: an incomplete condition: `tittel =`'],
      nb: ['Vilkår: et ufullstendig vilkår: `tittel =`'],
    },
    {
      name: '&& lists every condition that must hold',
      text: ['###', '@t = "Plan"', '@y = 2024', 'QUERY Saksmappe', '|WHERE tittel = @t && saksaar = @y'],
      en: ['with 2 conditions', 'All of these must hold (`&&`):', '  - `tittel` equals `@t`', '  - `saksaar` equals `@y` (`2024`)'],
      nb: ['med 2 vilkår', 'Alle disse må gjelde (`&&`):', '  - `tittel` er lik `@t`', '  - `saksaar` er lik `@y` (`2024`)'],
    },
    {
      name: '|| and grouping nest',
      text: ['###', '@c = "1"', '@n = null', '@sys = "S"', 'QUERY Saksmappe', '|WHERE refPrimaerKlasse.id = @c && (refEksternId = @n || refEksternId.eksterntSystem != @sys)'],
      en: ['All of these must hold (`&&`):', '  - At least one of these must hold (`||`):', '    - `refEksternId` is not set', '    - `refEksternId.eksterntSystem` is not `@sys` (`"S"`)'],
      nb: ['Alle disse må gjelde (`&&`):', '  - Minst ett av disse må gjelde (`||`):', '    - `refEksternId` er ikke satt', '    - `refEksternId.eksterntSystem` er ulik `@sys` (`"S"`)'],
    },
  ]);
});

describe('explain a query: %= as the spec defines it', () => {
  const like = (value: string): string[] => ['###', `@p = ${JSON.stringify(value)}`, 'QUERY Saksmappe', '|WHERE tittel %= @p'];
  run([
    { name: '%x% contains', text: like('%app%'), en: ['`tittel` contains `app` (like `@p` (`"%app%"`))'], nb: ['`tittel` inneholder `app` (likner `@p` (`"%app%"`))'] },
    { name: 'x% starts with', text: like('Bygg%'), en: ['`tittel` starts with `Bygg`'], nb: ['`tittel` begynner med `Bygg`'] },
    { name: '%x ends with', text: like('%plan'), en: ['`tittel` ends with `plan`'], nb: ['`tittel` slutter med `plan`'] },
    { name: 'no % is an exact match', text: like('Plan'), en: ['`tittel` is exactly `Plan`', 'which has no `%`'], nb: ['`tittel` er nøyaktig `Plan`', 'som ikke har `%`'] },
    { name: '% inside is a pattern', text: like('a%b'), en: ['`tittel` matches the pattern `a%b`, where each `%` stands for any characters'], nb: ['`tittel` passer mønsteret `a%b`, der hver `%` står for hvilke som helst tegn'] },
    {
      name: 'a value not known here: the rule',
      text: ['###', 'QUERY Saksmappe', '|WHERE tittel %= @p'],
      en: ['`tittel` is like `@p` (not defined yet): a `%` in the value stands for any characters (`x%` starts with x'],
      nb: ['`tittel` likner `@p` (ikke definert ennå): en `%` i verdien står for hvilke som helst tegn (`x%` begynner med x'],
    },
  ]);
});

describe('explain a query: ranges and dates', () => {
  run([
    {
      name: 'inclusive and exclusive bounds',
      text: ['###', '@from = 2015', '@to = 2017', 'QUERY Saksmappe', '|WHERE saksaar = [@from:@to}'],
      en: ['`saksaar` is from `@from` (`2015`, included) to `@to` (`2017`, excluded)'],
      nb: ['`saksaar` er fra `@from` (`2015`, inkludert) til `@to` (`2017`, ikke inkludert)'],
    },
    {
      name: '"*" as an open bound',
      text: ['###', '@from = 2015', '@open = "*"', 'QUERY Saksmappe', '|WHERE saksaar = [@from:@open]'],
      en: ['to no upper bound (`@open` (`"*"`): any value)'],
      nb: ['til ingen øvre grense (`@open` (`"*"`): hvilken som helst verdi)'],
    },
    {
      name: 'a date-only bound on a timestamp field is the whole day in Oslo',
      text: ['###', '@from = "2019-01-01"', '@to = "2019-06-30"', 'QUERY Journalpost', '|WHERE opprettetDato = [@from:@to}'],
      en: [
        '`@from` is a date on a timestamp field: it stands for the whole day 2019-01-01 in the archive\'s time zone (Europe/Oslo), 2019-01-01T00:00:00.000+0100 to 2019-01-01T23:59:59.999+0100; as the start bound `[` it includes that whole day.',
        '`@to` is a date on a timestamp field: it stands for the whole day 2019-06-30',
        'as the end bound `}` it excludes that day: the range ends when the day begins',
      ],
      nb: [
        '`@from` er en dato på et tidspunktfelt: den står for hele dagen 2019-01-01 i arkivets tidssone (Europe/Oslo), 2019-01-01T00:00:00.000+0100 til 2019-01-01T23:59:59.999+0100; som startgrense med `[` tar den med hele dagen.',
        'som sluttgrense med `}` holder den dagen utenfor',
      ],
    },
    {
      name: 'a date with = on a timestamp field is any time that day',
      text: ['###', '@day = "2024-08-01"', 'QUERY Saksmappe', '|WHERE opprettetDato = @day'],
      en: ['`=` matches any time that day, `!=` any time outside it'],
      nb: ['`=` treffer alle tidspunkter den dagen'],
    },
    {
      name: 'a timestamp on a date field stands for its date',
      text: ['###', '@at = "2024-07-31T22:00:00Z"', 'QUERY Journalpost', '|WHERE registreringsDato = @at'],
      en: ['`@at` is a timestamp on a date field: the archive takes its date, 2024-08-01'],
      nb: ['`@at` er et tidspunkt på et datofelt: arkivet bruker datoen, 2024-08-01'],
    },
  ]);
});

describe('explain a query: references, one path per reference, joins', () => {
  run([
    {
      name: 'a reference chain says what it walks through',
      text: ['###', '@sys = "S"', 'QUERY Saksmappe', '|WHERE refEksternId.eksterntSystem = @sys'],
      en: ['`refEksternId.eksterntSystem` walks from the case file (`Saksmappe`) via `refEksternId` to its external IDs (`EksternId`), of which there may be several, and compares their `eksterntSystem`.'],
      nb: ['`refEksternId.eksterntSystem` går fra saksmappe (`Saksmappe`) via `refEksternId` til eksterne ID-er (`EksternId`), det kan være flere, og sammenligner feltet `eksterntSystem` der.'],
    },
    {
      name: 'a longer chain through to-one references',
      text: ['###', '@s = "1"', 'QUERY Journalpost', '|WHERE refMappe.refArkivdel.id = @s'],
      en: ['walks from the registry entry (`Journalpost`) via `refMappe` to its folder of any kind (`AbstraktMappe`), via `refArkivdel` to its series (`Arkivdel`), and compares its `id`.'],
      nb: ['går fra journalpost (`Journalpost`) via `refMappe` til mappe av alle typer (`AbstraktMappe`), via `refArkivdel` til arkivdel (`Arkivdel`), og sammenligner feltet `id` der.'],
      not: ['case-sensitively', 'bokstaver skilles'],
    },
    {
      name: 'two conditions on one reference with && hold on the same linked entity',
      text: ['###', '@e = "1"', '@s = "S"', 'QUERY Saksmappe', '|WHERE refEksternId.eksternID = @e && refEksternId.eksterntSystem = @s'],
      en: ['`refEksternId` is used by 2 conditions (`refEksternId.eksternID` and `refEksternId.eksterntSystem`) joined by `&&`', 'both conditions must hold on the same external ID (`EksternId`)', '`JOIN #a1 = refEksternId`'],
      nb: ['`refEksternId` brukes i 2 vilkår (`refEksternId.eksternID` og `refEksternId.eksterntSystem`) bundet med `&&`', 'begge vilkårene må gjelde samme ekstern ID (`EksternId`)', 'en saksmappe koblet til ulike'],
    },
    {
      name: 'two conditions on one reference with ||',
      text: ['###', '@a = "07"', '@b = "08"', 'QUERY Mappe', '|WHERE refSekundaerKlasse.klasseIdent = @a || refSekundaerKlasse.klasseIdent = @b'],
      en: ['`refSekundaerKlasse` is used by 2 conditions (`refSekundaerKlasse.klasseIdent`) joined by `||`', 'a folder matches when one class (`Klasse`) it is linked to meets either condition'],
      nb: ['`refSekundaerKlasse` brukes i 2 vilkår (`refSekundaerKlasse.klasseIdent`) bundet med `||`', 'en mappe kommer med når én klasse (`Klasse`) den er koblet til, oppfyller ett av vilkårene'],
    },
    {
      name: 'a to-one reference used twice is not a shared-path case',
      text: ['###', '@a = "x"', '@b = "y"', 'QUERY Saksmappe', '|WHERE refPrimaerKlasse.tittel = @a && refPrimaerKlasse.klasseIdent = @b'],
      en: ['All of these must hold'],
      nb: ['Alle disse må gjelde'],
      not: ['one single path', 'én og samme sti'],
    },
    {
      name: 'joins give each alias its own path',
      text: ['###', '@a = "07"', '@b = "08"', 'QUERY Mappe', 'JOIN #k1 = refSekundaerKlasse', 'JOIN #k2 = refSekundaerKlasse', '|WHERE #k1.klasseIdent = @a && #k2.klasseIdent = @b'],
      en: ['`JOIN #k1 = refSekundaerKlasse`: `#k1` is a path of its own to one class (`Klasse`) of the folder, of possibly several', '`#k1.klasseIdent` walks from the join `#k1` to a class (`Klasse`), and compares its `klasseIdent`.'],
      nb: ['`JOIN #k1 = refSekundaerKlasse`: `#k1` er en egen sti fra hver mappe til én klasse (`Klasse`), av muligens flere', '`#k1.klasseIdent` går fra aliaset `#k1` til klasse (`Klasse`), og sammenligner feltet `klasseIdent` der.'],
      not: ['one single path', 'én og samme sti'],
    },
    {
      name: 'one alias used twice is one path too',
      text: ['###', '@a = "07"', '@b = "Plan"', 'QUERY Mappe', 'JOIN #k = refSekundaerKlasse', '|WHERE #k.klasseIdent = @a && #k.tittel = @b'],
      en: ['`#k` is used by 2 conditions (`#k.klasseIdent` and `#k.tittel`) joined by `&&`', 'both conditions must hold on the same class (`Klasse`)', 'An alias is one path'],
      nb: ['`#k` brukes i 2 vilkår (`#k.klasseIdent` og `#k.tittel`) bundet med `&&`', 'begge vilkårene må gjelde samme klasse (`Klasse`)', 'Et alias er én sti'],
    },
    {
      name: 'a JOIN on a to-one reference',
      text: ['###', '@t = "x"', 'QUERY Saksmappe', 'JOIN #p = refPrimaerKlasse', '|WHERE #p.tittel = @t'],
      en: ['`JOIN #p = refPrimaerKlasse`: `#p` is a path of its own to the class (`Klasse`) of the case file.'],
      nb: ['`JOIN #p = refPrimaerKlasse`: `#p` er en egen sti fra hver saksmappe til klasse (`Klasse`).'],
      not: ['two different', 'to ulike'],
    },
    {
      name: 'an alias no condition uses',
      text: ['###', 'QUERY Mappe', 'JOIN #k1 = refSekundaerKlasse', '|WHERE'],
      en: ['`#k1` is not used in `WHERE`.', 'Condition: an empty condition'],
      nb: ['`#k1` brukes ikke i `WHERE`.', 'Vilkår: et tomt vilkår'],
    },
  ]);
});

describe('explain a query: sort and paging', () => {
  run([
    {
      name: 'sort orders and a page with its next offset',
      text: ['###', '|QUERY Saksmappe', 'SORT opprettetDato DESC, tittel', 'LIMIT 20', 'OFFSET 40'],
      en: ['sorted by `opprettetDato`, `tittel`, at most 20 per answer', 'Sorted by `opprettetDato` descending (latest first), then by `tittel` ascending (A to Z).', 'At most 20 results per answer, skipping the first 40 (`OFFSET 40`). When the answer says `hasMore`, the next page is `OFFSET 60`'],
      nb: ['sortert etter `opprettetDato`, `tittel`, høyst 20 per svar', 'Sortert etter `opprettetDato` synkende (nyeste først), deretter etter `tittel` stigende (A til Å).', 'Høyst 20 treff per svar, fra treff nr. 41 (`OFFSET 40`). Når svaret sier `hasMore`, er neste side `OFFSET 60`'],
    },
    {
      name: 'no SORT, no LIMIT',
      text: ['###', '|QUERY Saksmappe'],
      en: ['No `SORT`', 'No `LIMIT`: the archive\'s default page size, which the spec does not give (at most 500 per answer)'],
      nb: ['Ingen `SORT`', 'Ingen `LIMIT`: arkivets standard sidestørrelse, som spesifikasjonen ikke oppgir (høyst 500 per svar)'],
    },
    {
      name: 'LIMIT above the maximum',
      text: ['###', '|QUERY Saksmappe', 'LIMIT 1000'],
      en: ['`LIMIT 1000` is more than the archive\'s maximum of 500'],
      nb: ['`LIMIT 1000` er mer enn arkivets maksimum på 500'],
    },
  ]);
});

describe('explain a query: hover', () => {
  it('shows on QUERY and on WHERE, covering the keyword', () => {
    for (const [line, keyword] of [[1, 'QUERY'], [2, 'WHERE']] as const) {
      const text = ['###', 'QUERY Saksmappe', 'WHERE tittel = @t'];
      text[line] = text[line].replace(keyword, `${keyword.slice(0, 2)}|${keyword.slice(2)}`);
      const { markdown, covered } = explainedAt(text, 'en');
      assert.equal(covered, keyword);
      assert.ok(markdown.startsWith('Finds case files'), markdown);
    }
  });

  it('is English when the context says nothing of the language', () => {
    const r = hoverAt(['###', 'QU|ERY Saksmappe'].join('\n'));
    assert.ok(r.markdown.startsWith('Finds case files'), r.markdown);
  });

  it('is plain text for a client that shows no Markdown', () => {
    const r = hoverAt(['###', '@t = "Plan"', 'QUERY Saksmappe', 'WH|ERE tittel = @t'].join('\n'), { explain: { language: 'nb' } });
    const plain = adaptHover(r.hover, { snippets: false, hoverMarkdown: false, completionMarkdown: false });
    assert.ok(plain && typeof plain.contents === 'object' && 'kind' in plain.contents);
    assert.equal(plain.contents.kind, MarkupKind.PlainText);
    assert.ok(plain.contents.value.includes('Vilkår: tittel er lik @t ("Plan")'), plain.contents.value);
    assert.ok(!plain.contents.value.includes('`'), plain.contents.value);
  });

  it('the type and the fields keep their own hovers', () => {
    const r = hoverAt(['###', 'QUERY Saksmappe', 'WHERE tit|tel = @t'].join('\n'));
    assert.equal(r.covered, 'tittel');
    assert.ok(!r.markdown.includes('Finds'), r.markdown);
  });
});

describe('explain a query: the language', () => {
  it('follows the display language: Norwegian ones give bokmål, others English', () => {
    const cases: [string | undefined, ExplainLanguage][] = [['nb', 'nb'], ['nn', 'nb'], ['no', 'nb'], ['nb-NO', 'nb'], ['no-NO', 'nb'], ['NB_no', 'nb'], ['en', 'en'], ['en-US', 'en'], ['de', 'en'], ['nl', 'en'], [undefined, 'en'], ['', 'en']];
    for (const [locale, expected] of cases) assert.equal(explainLanguageOf('auto', locale), expected, String(locale));
  });

  it('the setting wins over the display language', () => {
    assert.equal(explainLanguageOf('en', 'nb-NO'), 'en');
    assert.equal(explainLanguageOf('nb', 'en-US'), 'nb');
    assert.equal(explainLanguageOf(undefined, 'nn'), 'nb');
  });
});

describe('explain a query: Markdown and comments', () => {
  const parsed = parseDocument(['@t = "Plan%"', '### find', 'QUERY Saksmappe', 'WHERE tittel %= @t', ''].join('\n'));
  const request = parsed.blocks[0].parsed.request;
  assert.ok(request?.kind === 'query');

  it('Markdown: the summary, then a nested list', () => {
    const markdown = explanationMarkdown(explainQuery(request.query, noarkModel, 'en'), 'Heading');
    const lines = markdown.split('\n');
    assert.equal(lines[0], '## Heading');
    assert.ok(lines[2].startsWith('Finds case files'));
    assert.ok(lines.slice(4).every((l) => /^( {2})*- \S/.test(l)), markdown);
  });

  it('comments: every line a # comment without Markdown marks', () => {
    const explanation = explainQuery(request.query, noarkModel, 'nb', [{ name: 't', scope: 'file', value: { kind: 'json', value: 'Plan%' } }]);
    const comments = explanationComments(explanation, markdownToPlainText, '\r\n');
    assert.ok(comments.endsWith('\r\n'));
    const lines = comments.split('\r\n').slice(0, -1);
    assert.ok(lines.every((l) => l.startsWith('# ') && !l.startsWith('###') && !l.includes('`')), comments);
    assert.ok(lines.some((l) => l.includes('tittel begynner med Plan')), comments);
  });

  it('the document beside the editor: heading, the query as written, the explanation', () => {
    const offset = parsed.text.indexOf('WHERE');
    const r = queryExplanationAt(parsed, offset, { model: noarkModel, explain: { language: 'en' } });
    assert.ok(r.ok);
    assert.equal(r.blockName, 'find');
    assert.ok(r.markdown.startsWith('# Query find in plain words\n\n```noarkq\nQUERY Saksmappe\nWHERE tittel %= @t\n```\n'), r.markdown);
    assert.ok(r.markdown.includes('`tittel` starts with `Plan`'), r.markdown);
  });

  it('a block without a QUERY is said to have none', () => {
    const other = parseDocument(['### tx', 'GET bsm-registry', ''].join('\n'));
    const r = queryExplanationAt(other, other.text.indexOf('GET'), { model: noarkModel, explain: { language: 'nb' } });
    assert.deepEqual(r, { ok: false, error: '`tx` har ingen QUERY: sett markøren i en blokk med en QUERY.' });
  });
});

describe('explain a query: code actions', () => {
  const text = ['@t = "Plan%"', '### find', '@y = 2024', 'QUERY Saksmappe', 'WHERE tittel %= @t && saksaar = @y', ''].join('\n');
  const document = TextDocument.create('file:///explain.noarkq', 'noarkq', 1, text);
  const parsed = parseDocument(text);
  const at = { line: 4, character: 8 };
  const explainActions = (context: FeatureContext, doc = document, p = parsed) =>
    getCodeActions(doc, p, { start: at, end: at }, [], context).filter((a) => a.kind === undefined);

  it('the client that named a command gets "Explain this query" running it, with the QUERY line', () => {
    const [explain, comments] = explainActions({ model: noarkModel, explain: { language: 'en', command: 'noarkq.explainQuery' } });
    assert.equal(explain.title, 'Explain this query');
    assert.deepEqual(explain.command, { title: 'Explain this query', command: 'noarkq.explainQuery', arguments: ['file:///explain.noarkq', { line: 3, character: 0 }] });
    assert.equal(comments.title, 'Explain this query in # comments above it');
  });

  it('the comments keep a value as written: only the code marks go', () => {
    const stars = ['@open = "*"', '### open', 'QUERY Saksmappe', 'WHERE saksaar = [@open:@open]', ''].join('\n');
    const doc = TextDocument.create('file:///stars.noarkq', 'noarkq', 1, stars);
    const actions = getCodeActions(doc, parseDocument(stars), { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } }, [], { model: noarkModel });
    const inserted = actions.find((a) => a.kind === undefined)?.edit?.changes?.[doc.uri]?.[0]?.newText ?? '';
    assert.ok(inserted.includes('# - Condition: saksaar is from no lower bound (@open ("*"): any value) to no upper bound (@open ("*"): any value)\n'), inserted);
  });

  it('every other editor gets the comments above the query, which then are not offered again', () => {
    const actions = explainActions({ model: noarkModel, explain: { language: 'nb' } });
    assert.deepEqual(actions.map((a) => a.title), ['Forklar denne spørringen i #-kommentarer over den']);
    const edits = actions[0].edit?.changes?.[document.uri];
    assert.ok(edits);
    const after = TextDocument.applyEdits(document, edits);
    const lines = after.split('\n');
    const queryLine = lines.indexOf('QUERY Saksmappe');
    assert.deepEqual(lines.slice(0, 3), ['@t = "Plan%"', '### find', '@y = 2024']);
    assert.ok(lines.slice(3, queryLine).every((l) => l.startsWith('# ')), after);
    assert.ok(after.includes('# Finner saksmapper (Saksmappe) med 2 vilkår.'), after);
    // The file still parses and checks the same: the comments are comments.
    const reparsed = parseDocument(after);
    const request = reparsed.blocks[0].parsed.request;
    assert.equal(request?.kind, 'query');
    assert.deepEqual(reparsed.diagnostics, []);
    const again = TextDocument.create(document.uri, 'noarkq', 2, after);
    const offered = getCodeActions(again, reparsed, { start: { line: queryLine, character: 0 }, end: { line: queryLine, character: 0 } }, [], { model: noarkModel, explain: { language: 'nb' } });
    assert.deepEqual(offered.filter((a) => a.kind === undefined), []);
  });

  it('a file with CRLF line ends gets CRLF comment lines', () => {
    const crlf = text.replace(/\n/g, '\r\n');
    const doc = TextDocument.create('file:///crlf.noarkq', 'noarkq', 1, crlf);
    const [comments] = explainActions({ model: noarkModel }, doc, parseDocument(crlf));
    const inserted = comments.edit?.changes?.[doc.uri]?.[0]?.newText ?? '';
    assert.ok(inserted.endsWith('\r\n') && !/[^\r]\n/.test(inserted), JSON.stringify(inserted));
  });

  it('no explanation is offered outside a QUERY block', () => {
    const other = 'GET bsm-registry\n';
    const doc = TextDocument.create('file:///other.noarkq', 'noarkq', 1, other);
    const actions = getCodeActions(doc, parseDocument(other), { start: { line: 0, character: 1 }, end: { line: 0, character: 1 } }, [], { model: noarkModel, explain: { language: 'en', command: 'noarkq.explainQuery' } });
    assert.deepEqual(actions.filter((a) => a.kind === undefined), []);
  });
});
