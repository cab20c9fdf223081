import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-types';
import { checkDocument } from '../document';
import { noarkModel } from '../schema';
import { formatBlockActionKind, getCodeActions } from './codeActions';
import type { FeatureContext } from './featureContext';
import { toShownDiagnostics, type ShownDiagnostics } from './lspDiagnostics';
import { documentOf } from '../../test/fixtures/markedText';

const context: FeatureContext = { model: noarkModel };

function diagnose(text: string): { document: TextDocument; diagnostics: Diagnostic[]; shown: ShownDiagnostics; parsed: ReturnType<typeof documentOf>['parsed'] } {
  const { document, parsed } = documentOf(text);
  const shown = toShownDiagnostics(document, checkDocument(parsed, { model: noarkModel }));
  // As the client has them: they came over the wire.
  return { document, parsed, shown, diagnostics: JSON.parse(JSON.stringify(shown.lsp)) as Diagnostic[] };
}

function apply(document: TextDocument, action: CodeAction): string {
  const edits = action.edit?.changes?.[document.uri];
  assert.ok(edits && edits.length > 0, `${action.title} has no edits`);
  return TextDocument.applyEdits(document, edits);
}

const transaction = (...actions: string[]): string => ['### tx', 'TRANSACTION', '{ "actions": [', actions.map((a) => `  ${a}`).join(',\n'), '] }', ''].join('\n');

const cases: { name: string; text: string; code: string; title: RegExp }[] = [
  { name: 'did you mean (entity type)', text: 'QUERY Saksmape\n', code: 'noarkq.unknown-type', title: /Change to Saksmappe/ },
  { name: 'literal → new variable', text: 'QUERY Saksmappe\nWHERE tittel = "plan"\n', code: 'noarkq.literal-in-query', title: /into variable @/ },
  {
    name: 'same path twice → JOIN aliases',
    text: '@a = "1"\n@b = "2"\nQUERY Saksmappe\nWHERE refSekundaerKlasse.klasseIdent = @a && refSekundaerKlasse.klasseIdent = @b\n',
    code: 'noarkq.same-path-twice',
    title: /JOIN aliases/,
  },
  { name: 'undefined parameter → variable line', text: 'QUERY Saksmappe\nWHERE tittel = @t\n', code: 'noarkq.param-undefined', title: /Define @t/ },
  {
    name: 'new entity not linked → link action',
    text: transaction('{ "action": "save", "type": "Saksmappe", "id": "sm", "fields": { "tittel": "x" } }'),
    code: 'tx.unlinked-new-entity',
    title: /Link/,
  },
  {
    name: 'Arkiv without Arkivskaper → save and link',
    text: transaction('{ "action": "save", "type": "Arkiv", "id": "a", "fields": { "tittel": "x" } }'),
    code: 'tx.missing-required-link',
    title: /Arkivskaper/,
  },
  {
    name: 'Journalpost without Korrespondansepart → save and link',
    text: transaction(
      '{ "action": "save", "type": "Journalpost", "id": "jp", "fields": { "tittel": "x", "journalposttype": "I" } }',
      '{ "action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe", "linkToId": "1" }',
    ),
    code: 'tx.missing-required-link',
    title: /Korrespondansepart/,
  },
];

describe('quick fixes from the checkers', () => {
  for (const c of cases) {
    it(c.name, () => {
      const { document, parsed, diagnostics, shown } = diagnose(c.text);
      const target = diagnostics.find((d) => d.code === c.code);
      assert.ok(target, `no ${c.code} in ${diagnostics.map((d) => d.code).join(', ')}`);
      assert.equal(target.data, undefined, 'the diagnostic carries no fix');
      const actions = getCodeActions(document, parsed, target.range, [target], context, shown);
      const fix = actions.find((a) => c.title.test(a.title));
      assert.ok(fix, `no action like ${c.title} in ${actions.map((a) => a.title).join(' | ')}`);
      assert.equal(fix.kind, 'quickfix');
      assert.deepEqual(fix.diagnostics, [target]);
      const fixed = diagnose(apply(document, fix));
      const same = fixed.diagnostics.filter((d) => d.code === c.code && d.message === target.message);
      assert.deepEqual(same, [], `after "${fix.title}" the problem is still there`);
    });
  }

  it('moves a variable written below the request above it', () => {
    const text = '### a\nQUERY Saksmappe\nWHERE tittel = @t\n@t = "plan"\n';
    const { document, parsed, diagnostics, shown } = diagnose(text);
    const target = diagnostics.find((d) => d.code === 'noarkq.variable-after-request');
    assert.ok(target);
    const [move] = getCodeActions(document, parsed, target.range, [target], context, shown).filter((a) => a.kind === 'quickfix');
    assert.equal(move.title, 'Move @t above the request');
    const fixed = apply(document, move);
    assert.equal(fixed, '### a\n@t = "plan"\nQUERY Saksmappe\nWHERE tittel = @t\n');
    assert.deepEqual(diagnose(fixed).diagnostics.map((d) => d.code), []);
  });

  it('marks the preferred fix, and offers none for a diagnostic that was not shown or for a version not checked', () => {
    const { document, parsed, diagnostics, shown } = diagnose('QUERY Saksmape\n');
    const [action] = getCodeActions(document, parsed, diagnostics[0].range, diagnostics, context, shown);
    assert.equal(action.isPreferred, true);
    const quickFixes = (asked: Diagnostic[], from?: ShownDiagnostics): CodeAction[] => getCodeActions(document, parsed, diagnostics[0].range, asked, context, from).filter((a) => a.kind === 'quickfix');
    assert.deepEqual(quickFixes(diagnostics), [], 'no check to make them from');
    const foreign: Diagnostic[] = [
      { ...diagnostics[0], source: 'other' },
      { ...diagnostics[0], message: 'Something else.' },
      // What a client sent when the fixes travelled in the diagnostics: never read.
      { ...diagnostics[0], code: 'noarkq.other', data: { fixes: [{ title: 'bad', edits: [{ range: diagnostics[0].range, newText: 'x' }] }] } },
    ];
    assert.deepEqual(quickFixes(foreign, shown), []);
  });

  it('offers the fixes of the version checked for a diagnostic of an older one only where it still says the same at the same place', () => {
    const old = diagnose('### a\nQUERY Saksmape\n### b\nQUERY Journalpst\n');
    const [typo, otherTypo] = old.diagnostics;
    assert.deepEqual([typo.code, otherTypo.code], ['noarkq.unknown-type', 'noarkq.unknown-type']);
    // A line above both: neither range holds any more, and the fixes of the diagnostics now
    // there would be offered for the wrong ones.
    const now = diagnose('@t = "x"\n### a\nQUERY Saksmape\n### b\nQUERY Journalpst\n');
    const moved = getCodeActions(now.document, now.parsed, typo.range, [typo, otherTypo], context, now.shown).filter((a) => a.kind === 'quickfix');
    assert.deepEqual(moved, [], 'nothing for diagnostics whose ranges moved');
    // The first block fixed: the second's diagnostic is where it was, the first's is gone.
    const fixed = diagnose('### a\nQUERY Saksmappe\n### b\nQUERY Journalpst\n');
    const actions = getCodeActions(fixed.document, fixed.parsed, typo.range, [typo, otherTypo], context, fixed.shown).filter((a) => a.kind === 'quickfix');
    assert.ok(actions.length > 0);
    for (const action of actions) {
      assert.deepEqual(action.diagnostics, [otherTypo]);
      assert.match(apply(fixed.document, action), /^### a\nQUERY Saksmappe\n### b\nQUERY \w+\n$/);
    }
    assert.equal(apply(fixed.document, actions.find((a) => a.isPreferred)!), '### a\nQUERY Saksmappe\n### b\nQUERY Journalpost\n');
  });

  it('moves no variable for a diagnostic of an older version', () => {
    const old = diagnose('### a\nQUERY Saksmappe\nWHERE tittel = @t\n@t = "plan"\n');
    const target = old.diagnostics.find((d) => d.code === 'noarkq.variable-after-request');
    assert.ok(target);
    const now = diagnose('### a\nQUERY Saksmappe\nWHERE tittel = @t\n\n@t = "plan"\n');
    assert.deepEqual(getCodeActions(now.document, now.parsed, target.range, [target], context, now.shown).filter((a) => a.kind === 'quickfix'), []);
  });
});

describe('format block', () => {
  it('is offered for a block that formatting would change, and formats only it', () => {
    const text = ['### a', 'query Saksmappe', 'where tittel=@t', '### b', 'query Mappe', ''].join('\n');
    const { document, parsed } = documentOf(text);
    const at = { line: 1, character: 2 };
    // The block's "Explain this query" actions have no kind; this is about formatting.
    const actions = getCodeActions(document, parsed, { start: at, end: at }, [], context).filter((a) => a.kind !== undefined);
    assert.deepEqual(actions.map((a) => [a.title, a.kind]), [['Format block a', formatBlockActionKind]]);
    assert.equal(apply(document, actions[0]), ['### a', 'QUERY Saksmappe', 'WHERE tittel = @t', '### b', 'query Mappe', ''].join('\n'));
  });

  it('is not offered when the block is already formatted', () => {
    const { document, parsed } = documentOf('### a\nQUERY Saksmappe\n');
    const at = { line: 1, character: 0 };
    assert.deepEqual(getCodeActions(document, parsed, { start: at, end: at }, [], context).filter((a) => a.kind !== undefined), []);
  });
});
