import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { NoarkqDiagnostic, Severity } from '../diagnostics';
import type { CheckedDiagnostics, DiagnosticRun } from '../document/documentChecker';
import { roughCount, sameLspDiagnostic, toLspDiagnostics, toShownDiagnostics, type LspConversions, type RunConversion } from './lspDiagnostics';

const messageOf = (d: Diagnostic): string => (typeof d.message === 'string' ? d.message : d.message.value);

describe('toLspDiagnostics', () => {
  const text = 'QUERY Saksmape\nWHERE tittel = @t\n';
  const document = TextDocument.create('file:///a.noarkq', 'noarkq', 1, text);
  const typeStart = text.indexOf('Saksmape');
  const paramStart = text.indexOf('@t');

  const withFixes: NoarkqDiagnostic = {
    code: 'noarkq.unknown-type',
    severity: 'error',
    start: typeStart,
    end: typeStart + 8,
    message: 'Unknown entity type.',
    fixes: [
      { title: 'Change to Saksmappe', preferred: true, edits: [{ start: typeStart, end: typeStart + 8, newText: 'Saksmappe' }] },
      { title: 'Change to Mappe', edits: [{ start: typeStart, end: typeStart + 8, newText: 'Mappe' }] },
    ],
  };
  const plainDiagnostic: NoarkqDiagnostic = { code: 'noarkq.param-undefined', severity: 'warning', start: paramStart, end: paramStart + 2, message: 'Undefined.', related: [{ start: 0, end: 5, message: 'the query' }] };

  it('converts offsets to ranges, and sends no fixes', () => {
    const [fixable, plain] = toLspDiagnostics(document, [withFixes, plainDiagnostic]);
    assert.deepEqual(fixable.range, { start: { line: 0, character: 6 }, end: { line: 0, character: 14 } });
    assert.equal(fixable.code, 'noarkq.unknown-type');
    assert.equal(fixable.source, 'noarkq');
    assert.equal(fixable.data, undefined, 'the fixes are made when a code action asks for them');
    assert.deepEqual(plain.range, { start: { line: 1, character: 15 }, end: { line: 1, character: 17 } });
    assert.equal(plain.data, undefined);
    assert.equal(plain.relatedInformation?.[0].message, 'the query');
  });

  it('finds the diagnostic a shown one was made from, as it comes back over the wire, and nothing for any other', () => {
    const shown = toShownDiagnostics(document, [withFixes, plainDiagnostic]);
    const [fixable, plain] = JSON.parse(JSON.stringify(shown.lsp)) as Diagnostic[];
    assert.equal(shown.sourceOf(fixable), withFixes);
    assert.equal(shown.sourceOf(plain), plainDiagnostic);
    assert.equal(shown.sourceOf({ ...fixable, source: undefined }), withFixes, 'a client that keeps no source');
    const moved = { ...fixable, range: { start: { line: 0, character: 7 }, end: fixable.range.end } };
    const longer = { ...fixable, range: { start: fixable.range.start, end: { line: 0, character: 15 } } };
    for (const other of [moved, longer, { ...fixable, code: 'noarkq.other' }, { ...fixable, message: 'Another.' }, { ...fixable, source: 'eslint' }, { ...fixable, range: undefined }, null, 'x', { ...plain, range: fixable.range }]) {
      assert.equal(shown.sourceOf(other), undefined, JSON.stringify(other));
    }
  });

  it('tells alike diagnostics apart by those taken already', () => {
    const twin: NoarkqDiagnostic = { ...withFixes, fixes: [{ title: 'Change to Arkiv', edits: [{ start: typeStart, end: typeStart + 8, newText: 'Arkiv' }] }] };
    const shown = toShownDiagnostics(document, [withFixes, twin]);
    assert.equal(shown.sourceOf(shown.lsp[1]), withFixes);
    assert.equal(shown.sourceOf(shown.lsp[1], new Set([withFixes])), twin);
    assert.equal(shown.sourceOf(shown.lsp[1], new Set([withFixes, twin])), withFixes);
  });

  it('finds nothing for the note on those left out, nor for those it stands for', () => {
    const leftOut: NoarkqDiagnostic = { ...plainDiagnostic, severity: 'hint' };
    const shown = toShownDiagnostics(document, [withFixes, leftOut, { ...leftOut, message: 'Another.' }], 2);
    assert.deepEqual(shown.lsp.map((d) => d.code), ['noarkq.unknown-type', 'noarkq.diagnostics-limit']);
    assert.equal(shown.sourceOf(shown.lsp[0]), withFixes);
    assert.equal(shown.sourceOf(shown.lsp[1]), undefined);
    assert.equal(shown.sourceOf(toLspDiagnostics(document, [leftOut])[0]), undefined);
  });

  it('sends at most the limit, errors first and in document order, and says what it left out and where', () => {
    const lines = Array.from({ length: 12 }, (_, i) => `line ${i}`);
    const many = TextDocument.create('file:///many.noarkq', 'noarkq', 1, lines.join('\n'));
    const at = (line: number, severity: NoarkqDiagnostic['severity']): NoarkqDiagnostic => {
      const start = many.offsetAt({ line, character: 0 });
      return { code: `noarkq.test-${line}`, severity, start, end: start + 4, message: `on line ${line}` };
    };
    const severities: NoarkqDiagnostic['severity'][] = ['warning', 'error', 'hint', 'error', 'warning', 'error', 'warning', 'information', 'error', 'warning', 'error', 'warning'];
    const diagnostics = severities.map((s, line) => at(line, s));

    const lineOf = (d: Diagnostic): number => d.range.start.line;
    assert.deepEqual(toLspDiagnostics(many, diagnostics, 12).map(lineOf), severities.map((_, i) => i), 'all of them when they fit');

    assert.equal(toLspDiagnostics(many, diagnostics, 11).length, 11, 'one place for the note');

    // Five errors and five warnings: the errors, then the first two warnings, in document order,
    // and the note: no more than the limit in all.
    const capped = toLspDiagnostics(many, diagnostics, 8);
    assert.deepEqual(capped.slice(0, 7).map(lineOf), [0, 1, 3, 4, 5, 8, 10]);
    assert.equal(capped.length, 8);
    const note = capped[7];
    assert.equal(note.severity, DiagnosticSeverity.Information);
    assert.equal(note.code, 'noarkq.diagnostics-limit');
    assert.equal(lineOf(note), 2, 'the note is where the first left-out diagnostic is');
    assert.match(messageOf(note), /^5 more problems in this file are not shown: the editor is sent the first 7, errors first\./);
    assert.match(messageOf(note), /`noarkq check` lists them all/);

    const fewer = toLspDiagnostics(many, diagnostics, 4);
    assert.deepEqual(fewer.slice(0, 3).map(lineOf), [1, 3, 5], 'the first errors');
    assert.match(messageOf(fewer[3]), /^9 more problems in this file are not shown \(2 errors\)/);
  });

  it('gives a large left-out count rounded down, so that the list stays the same while only hidden problems come and go', () => {
    const lines = Array.from({ length: 400 }, (_, i) => `x${i}`).join('\n');
    const doc = TextDocument.create('file:///many.noarkq', 'noarkq', 1, lines);
    const errorsAt = (count: number): NoarkqDiagnostic[] =>
      Array.from({ length: count }, (_, i) => ({ code: 'noarkq.unknown-type', severity: 'error' as const, start: i * 5, end: i * 5 + 2, message: `e${i}` }));
    const shownOf = (count: number): Diagnostic[] => toLspDiagnostics(doc, errorsAt(count), 10);
    assert.match(messageOf(shownOf(320).at(-1)!), /^At least 310 more problems in this file are not shown \(at least 310 errors\)/);
    // 311 and 319 left out read the same: the whole list is equal, and need not be sent again.
    const before = shownOf(320);
    const after = shownOf(328);
    assert.equal(before.length, after.length);
    for (let i = 0; i < before.length; i++) assert.ok(sameLspDiagnostic(before[i], after[i]), `diagnostic ${i}`);
    assert.match(messageOf(shownOf(330).at(-1)!), /^At least 320 more problems/);
  });
});

describe('toShownDiagnostics over block runs', () => {
  const document = TextDocument.create('file:///runs.noarkq', 'noarkq', 1, 'x\n'.repeat(400));
  const severities: Severity[] = ['error', 'warning', 'information', 'hint'];
  /** Runs of the given severities, two characters apart, each with its own `said`, counting the
   * times their items are placed. */
  const checked = (runsOf: Severity[][]) => {
    let at = 0;
    const placed = { count: 0 };
    const runs: DiagnosticRun[] = runsOf.map((kinds) => {
      const items: NoarkqDiagnostic[] = kinds.map((severity) => ({ code: 'noarkq.test', severity, start: (at += 2), end: at + 1, message: `${severity} at ${at}` }));
      return { said: {}, start: items[0]?.start ?? 0, firstAt: -1, anchorStarts: () => [], severities: kinds, items: () => (placed.count++, items) };
    });
    const flat = runs.flatMap((r) => r.items());
    placed.count = 0;
    const counts = { error: 0, warning: 0, information: 0, hint: 0 };
    for (const d of flat) counts[d.severity]++;
    const diagnostics: CheckedDiagnostics = { length: flat.length, severities: counts, runs: () => runs, [Symbol.iterator]: () => flat[Symbol.iterator]() };
    return { runs, flat, diagnostics, placed };
  };

  it('shows what the same diagnostics read one by one show, for any runs and limit', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.constantFrom(...severities), { minLength: 1, maxLength: 5 }), { maxLength: 40 }), fc.integer({ min: 2, max: 60 }), (runsOf, limit) => {
        const { flat, diagnostics } = checked(runsOf);
        assert.deepEqual(toLspDiagnostics(document, diagnostics, limit), toLspDiagnostics(document, flat, limit));
      }),
    );
  });

  it('gives a run again without placing it, and finds the diagnostic each shown one stands for through the run', () => {
    // Past the limit only errors are shown: the first run's warning is the first left out, so the
    // second run is shown whole, its error alone (its second item).
    const { diagnostics, placed } = checked([['error', 'warning'], ['warning', 'error'], ['error']]);
    const kept = new Map<object, RunConversion>();
    const conversions: LspConversions = {
      reuse: () => undefined,
      keep: () => undefined,
      reuseRun: (run, cut) => (cut === 0 ? kept.get(run.said) : undefined),
      keepRun: (run, _cut, made) => void kept.set(run.said, made),
    };
    const first = toShownDiagnostics(document, diagnostics, 3, conversions);
    assert.deepEqual(first.lsp.slice(0, 2).map(messageOf), ['error at 2', 'error at 8']);
    const placedFirst = placed.count;
    const again = toShownDiagnostics(document, diagnostics, 3, conversions);
    assert.equal(again.lsp[1], first.lsp[1], 'the same LSP diagnostic');
    assert.equal(placed.count - placedFirst, 1, 'only the run holding the first left out is placed');
    assert.equal(again.sourceOf(again.lsp[1])?.message, 'error at 8');
    assert.equal(placed.count - placedFirst, 2, 'placed when asked for');
  });
});

describe('roughCount', () => {
  it('is exact below 100 and rounded down to two significant digits from there', () => {
    const cases: Array<[number, string]> = [
      [0, '0'], [1, '1'], [99, '99'], [100, 'at least 100'], [109, 'at least 100'], [110, 'at least 110'],
      [999, 'at least 990'], [1000, 'at least 1,000'], [9001, 'at least 9,000'], [79197, 'at least 79,000'],
      [79547, 'at least 79,000'], [80000, 'at least 80,000'], [1234567, 'at least 1,200,000'],
    ];
    for (const [n, text] of cases) assert.equal(roughCount(n), text, String(n));
  });

  it('never says more than there is, and never less than nine tenths of it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 10_000_000 }), (n) => {
        const shown = Number(roughCount(n).replace('at least ', '').replace(/,/g, ''));
        return shown <= n && shown >= n * 0.9;
      }),
    );
  });
});

describe('sameLspDiagnostic', () => {
  const document = TextDocument.create('file:///a.noarkq', 'noarkq', 1, 'QUERY Saksmape\nWHERE tittel = @t\n### b\nGET x\n');
  // Diagnostics from few values, so that many pairs are equal or differ in one thing.
  const span = fc.tuple(fc.nat(36), fc.nat(3)).map(([start, length]) => ({ start, end: start + length }));
  const diagnosticArb = fc.record(
    {
      code: fc.constantFrom('a', 'b'),
      severity: fc.constantFrom<NoarkqDiagnostic['severity']>('error', 'hint'),
      span,
      message: fc.constantFrom('m', 'n'),
      related: fc.array(fc.record({ span, message: fc.constantFrom('r', 's') }), { maxLength: 2 }),
      fixes: fc.array(fc.record({ title: fc.constantFrom('t', 'u'), preferred: fc.boolean(), edits: fc.array(fc.record({ span, newText: fc.constantFrom('', 'x') }), { maxLength: 2 }) }), { maxLength: 2 }),
    },
    { requiredKeys: ['code', 'severity', 'span', 'message'] },
  );
  const converted = (d: typeof diagnosticArb extends fc.Arbitrary<infer T> ? T : never): Diagnostic =>
    toLspDiagnostics(document, [
      {
        code: d.code,
        severity: d.severity,
        ...d.span,
        message: d.message,
        ...(d.related ? { related: d.related.map((r) => ({ ...r.span, message: r.message })) } : {}),
        ...(d.fixes ? { fixes: d.fixes.map((f) => ({ title: f.title, ...(f.preferred ? { preferred: true } : {}), edits: f.edits.map((e) => ({ ...e.span, newText: e.newText })) })) } : {}),
      },
    ])[0];

  // One thing changed in a copy: each field the conversion sets, in every place it can be.
  const changes: Array<(d: Diagnostic) => void> = [
    () => undefined,
    (d) => (d.message += '!'),
    (d) => (d.severity = DiagnosticSeverity.Warning),
    (d) => (d.code = 'c'),
    (d) => (d.source = 'other'),
    (d) => d.range.start.line++,
    (d) => d.range.start.character++,
    (d) => d.range.end.line++,
    (d) => d.range.end.character++,
    (d) => (d.tags = [1]),
    (d) => (d.codeDescription = { href: 'x' }),
    (d) => d.relatedInformation?.[0] && (d.relatedInformation[0].message += '!'),
    (d) => d.relatedInformation?.[0] && (d.relatedInformation[0].location.uri += 'x'),
    (d) => d.relatedInformation?.[0] && d.relatedInformation[0].location.range.end.character++,
    (d) => d.relatedInformation?.pop(),
    (d) => (d.data = { fixes: [] }),
  ];

  it('says two converted diagnostics are the same exactly when they are deeply equal', () => {
    fc.assert(
      fc.property(diagnosticArb, diagnosticArb, fc.nat(changes.length - 1), fc.boolean(), (a, b, change, other) => {
        const x = converted(a);
        const y = other ? converted(b) : structuredClone(x);
        if (!other) changes[change](y);
        assert.equal(sameLspDiagnostic(x, y), isDeepStrictEqual(x, y));
        assert.equal(sameLspDiagnostic(y, x), isDeepStrictEqual(x, y));
      }),
      { numRuns: Number(process.env.NOARKQ_PROPERTY_RUNS ?? 1000) },
    );
  });
});
