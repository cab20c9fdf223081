/**
 * The incremental document checker: an edit re-checks the blocks it touches and the blocks that
 * read them, and the result is always what a fresh `checkDocument` gives.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { noarkModel } from '../schema';
import type { NoarkModel } from '../schema/types';
import { checkDocument, createDocumentChecker, parseDocument, startParse, type DocumentCheckOptions, type NoarkqDocument } from './index';

const base = [
  '@notADate = "last week"',
  '@caseId = {{findCase.results[0].id}}',
  '### findCase',
  'QUERY Saksmappe',
  'LIMIT 1',
  '### register',
  'TRANSACTION',
  '[{"action": "save", "type": "Journalpost", "id": "jp", "fields": {"tittel": "T", "journalposttype": "I"}},',
  ' {"action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe", "linkToId": "{{findCase.results[0].id}}"},',
  ' {"action": "save", "type": "Korrespondansepart", "id": "kp", "fields": {"korrespondansepartNavn": "K", "korrespondanseparttype": "EA"}},',
  ' {"action": "link", "type": "Korrespondansepart", "id": "kp", "ref": "refRegistrering", "linkToId": "jp"}]',
  '### letter',
  'UPLOAD ./a.pdf',
  '### dates',
  'QUERY Journalpost',
  'WHERE registreringsDato = @notADate',
  '### viaVariable',
  'DOWNLOAD {{caseId}}',
  '### typo',
  'DOWNLOAD {{leter.id}}',
  '',
].join('\n');

/** Replaces the first `from` after `anchor` with `to`. */
function edit(text: string, anchor: string, from: string, to: string): string {
  const at = text.indexOf(from, text.indexOf(anchor));
  assert.ok(at !== -1, `no ${from} after ${anchor}`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

class Session {
  private doc: NoarkqDocument;
  readonly checker;
  constructor(
    text: string,
    private readonly options: DocumentCheckOptions = { model: noarkModel },
  ) {
    this.checker = createDocumentChecker(options);
    this.doc = parseDocument(text);
    this.check();
  }

  /** Applies the new text, checks it incrementally, asserts it equals a fresh check, and returns
   * how many blocks were checked anew. */
  update(text: string): number {
    this.doc = parseDocument(text, this.doc);
    this.check();
    return this.checker.lastCheck.checkedBlocks;
  }

  private check(): void {
    const incremental = this.checker.check(this.doc);
    assert.deepEqual(incremental, checkDocument(parseDocument(this.doc.text), this.options));
  }
}

/** For any first version and up to six later ones (each a text made from a generated value), the
 * incremental check of each equals a fresh one (`Session` asserts it). */
function assertIncrementalAlongVersions<T>(versionArb: fc.Arbitrary<T>, file: (version: T) => string): void {
  fc.assert(
    fc.property(versionArb, fc.array(versionArb, { minLength: 1, maxLength: 6 }), (first, next) => {
      const s = new Session(file(first));
      for (const v of next) s.update(file(v));
    }),
    { numRuns: Number(process.env.NOARKQ_PROPERTY_RUNS ?? 100) },
  );
}

describe('incremental document checks', () => {
  it('follows a block name that moves within the edited stretch, the other names and the count unchanged', () => {
    // Found by the server's property test (seed -1942529662): the edit turns `### findCase` +
    // UPLOAD into an unnamed line and the next block into `### findCase`, so the same names in
    // the stretch now belong to other blocks, and `findCase` must point at its new block.
    const before = ['@sys = {{findCase.results[0].id}}', '### findCase', 'UPLOAD ./a.pdf', '###', 'UPLOAD ./b.pdf', ''].join('\n');
    const after = ['@sys = {{findCase.results[0].id}}', '###', 'UPLOAD ./a.pdf', '### findCase', 'QUERY Dokument', ''].join('\n');
    const session = new Session(before);
    session.update(after);
  });

  it('re-checks nothing when nothing changed', () => {
    const s = new Session(base);
    assert.equal(s.update(base), 0);
    assert.equal(s.checker.lastCheck.reusedBlocks, 7);
  });

  it('re-checks only the edited block when no other block reads it', () => {
    const s = new Session(base);
    assert.equal(s.update(edit(base, '### letter', './a.pdf', './b.pdf')), 1);
  });

  it('re-checks the blocks that read an edited block, through references and variables', () => {
    const s = new Session(base);
    // findCase itself; register reads it; the preamble's @caseId reads it, and viaVariable
    // reads @caseId.
    assert.equal(s.update(edit(base, '### findCase', 'QUERY Saksmappe', 'QUERY Dokument')), 4);
  });

  it('does not re-check the readers of a block whose response stays the same', () => {
    const s = new Session(base);
    const limit2 = edit(base, '### findCase', 'LIMIT 1', 'LIMIT 2');
    assert.equal(s.update(limit2), 1);
    assert.equal(s.update(edit(limit2, '### register', '"tittel": "T"', '"tittel": "Title"')), 1);
  });

  it('keeps the results of blocks that moved, in their new place, also where they point at file variables', () => {
    const s = new Session(base);
    const longer = edit(base, '### findCase', 'LIMIT 1', 'LIMIT 1\n# a comment that moves every block below');
    assert.equal(s.update(longer), 1);
    const shorter = edit(longer, '### findCase', 'LIMIT 1\n', '');
    assert.equal(s.update(shorter), 1);
  });

  it('re-checks a block whose unknown name might now be suggested differently when block names change', () => {
    const s = new Session(base);
    // `letter` → `letters`: the typo block's did-you-mean changes; nothing else reads `letter`.
    assert.equal(s.update(edit(base, '### letter', 'letter', 'letters')), 2);
  });

  it('re-checks, when a file variable changes, the blocks whose check read what changed, and only the preamble for a comment there', () => {
    const s = new Session(base);
    const changed = edit(base, '@notADate', '"last week"', '"2024-01-01"');
    // The preamble and `dates`, whose WHERE finds the new value a date on a timestamp field.
    assert.equal(s.update(changed), 2);
    assert.equal(s.update(changed + '# a comment at the end of the last block'), 1);
    // The preamble, and `typo`, which lost the comment.
    assert.equal(s.update('# a comment that moves the file variables\n' + changed), 2);
    const withComment = changed.replace('### findCase', '# a comment below the file variables\n### findCase');
    assert.equal(new Session(changed).update(withComment), 1);
  });

  it('equals a fresh check after any new values of the file variables, which blocks read as parameters, in JSON and in expectations', () => {
    // Values of every kind a check tells apart: numbers, dates and timestamps (on date and
    // timestamp fields), text, true, null, `*`, references, and no value at all.
    const values = ['2024', '20245', '"2024"', '"2024-01-31"', '"2024-01-31T10:00:00Z"', '"last week"', '"%byggesak%"', 'true', 'null', '"*"', '{{findCase.results[0].id}}', '{{other}}', '', '[1]'];
    const blocks = [
      '### findCase',
      'QUERY Saksmappe',
      'WHERE saksaar = @a && tittel %= @b && opprettetDato >= @c',
      'LIMIT 1',
      '### journal',
      'QUERY Journalpost',
      'WHERE registreringsDato = @c && journalposttype = @b && referanseMappe = @d',
      'EXPECT status == @a',
      '### register',
      'TRANSACTION',
      '[{"action": "save", "type": "Journalpost", "id": "jp", "fields": {"tittel": "{{b}}", "journalposttype": "{{d}}"}},',
      ' {"action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe", "linkToId": "{{findCase.results[0].id}}"}]',
      '### fetch',
      'DOWNLOAD {{d}}',
      '',
    ].join('\n');
    const file = (v: readonly string[]): string => `# the file variables\n@a = ${v[0]}\n@b = ${v[1]}\n@c = ${v[2]}\n@d = ${v[3]}\n${blocks}`;
    const valueArb = fc.constantFrom(...values);
    const fileArb = fc.tuple(valueArb, valueArb, valueArb, valueArb);
    assertIncrementalAlongVersions(fileArb, file);
  });

  it('checks one of several copies of a block whose file variable changed, and moves what copies say about variables that moved', () => {
    const copy = (n: number): string => `### dates${n}\nQUERY Journalpost\nWHERE registreringsDato = @notADate && journalaar = @year\n`;
    const file = (date: string, year: string, comment = ''): string => `${comment}@notADate = ${date}\n@year = ${year}\n${copy(1)}${copy(1)}${copy(1)}${copy(2)}`;
    const s = new Session(file('"last week"', '2024'));
    // The preamble, then one of the three copies of dates1 and dates2 (the copies of dates1 are
    // alike: they have the same text and the same key).
    assert.equal(s.update(file('"2024-01-01"', '2024')), 3);
    // @year moved (a longer date before it): each block keeps its result, moved.
    assert.equal(s.update(file('"2024-01-01T00:00:00Z"', '2024')), 3);
    assert.equal(s.update(file('"2024-01-01T00:00:00Z"', '2024', '# a comment\n')), 1);
    assert.equal(s.update(file('"2024-01-01T00:00:00Z"', '"x"', '# a comment\n')), 3);
  });

  it('gives a pasted copy of a block the result of the block it copies, and checks a copy that reads otherwise', () => {
    const block = '### find\nQUERY Saksmappe\nWHERE tittel = "literal" && saksaar = @year\n';
    const s = new Session(`@year = 2024\n${block}### other\nGET code-lists\n`);
    assert.equal(s.update(`@year = 2024\n${block}### other\nGET code-lists\n${block}`), 0, 'the same text and key: nothing checked');
    assert.equal(s.update(`@year = 2024\n${block}### other\nGET code-lists\n${block}${block.replace('@year', '@years')}`), 1, 'another text');
  });

  it('follows what a block reads of a file variable as a new value makes it read other parts of it', () => {
    // A text for `%=` is read for its words; a number there gets a warning whose fix rewrites the
    // value where it is in the declaration, so its place is read too: moving the value within its
    // line must check the blocks again.
    const file = (value: string): string => `@v =${value}\n### q\nQUERY Journalpost\nWHERE tittel %= @v\n### r\nQUERY Saksmappe\nWHERE tittel %= @v\n`;
    const s = new Session(file(' "x"'));
    s.update(file(' 2024'));
    s.update(file('   2024'));
    s.update(file(' 2024'));
  });

  it('equals a fresh check after file variables moved and changed, read by copies of blocks', () => {
    const values = ['2024', '"2024-01-31"', '"2024-01-31T10:00:00Z"', '"last week"', 'null', '{{findCase.results[0].id}}', '', '{"a": {"start": 1, "end": 2}}'];
    const blocks = [
      '### findCase',
      'QUERY Saksmappe',
      'WHERE saksaar = @a && tittel %= @b && opprettetDato >= @c',
      'LIMIT 1',
      '### journal',
      'QUERY Journalpost',
      'WHERE registreringsDato = @c && journalposttype = @b && referanseMappe = @a',
      '### journal',
      'QUERY Journalpost',
      'WHERE registreringsDato = @c && journalposttype = @b && referanseMappe = @a',
      '### fetch',
      'DOWNLOAD {{b}}',
      '',
    ].join('\n');
    const variable = fc.tuple(fc.constantFrom(...values), fc.nat(3));
    const file = (v: ReadonlyArray<readonly [string, number]>): string => v.map(([value, pad], i) => `${'# moved\n'.repeat(pad)}@${'abc'[i]} = ${value}\n`).join('') + blocks + blocks.replace('### findCase', '### findCase2');
    const fileArb = fc.tuple(variable, variable, variable);
    assertIncrementalAlongVersions(fileArb, file);
  });

  it('follows a block being added, removed, or duplicated', () => {
    const s = new Session(base);
    const added = base.replace('### letter', '### extra\nGET code-lists\n### letter');
    // The new block only: `extra` is too far from the typo block's unknown `leter` to be suggested.
    assert.equal(s.update(added), 1);
    assert.equal(s.update(base), 0);
    // A name did-you-mean could pick for `leter`: the typo block too.
    const near = base.replace('### letter', '### leters\nGET code-lists\n### letter');
    assert.equal(s.update(near), 2);
    assert.equal(s.update(base), 1);
    const duplicated = base + '### findCase\nQUERY Arkiv\n';
    s.update(duplicated);
    s.update(duplicated.replace('QUERY Arkiv', 'QUERY Arkiv\nLIMIT 2'));
  });

  it('equals a fresh check when names near an unknown one come, go and move, once or many times, before and after its readers and nearer names', () => {
    // Names at distances 0 (case), 1, 2 and 3 from the unknown `leter`, and others.
    const names = ['Leter', 'letter', 'leters', 'letterx', 'lettersxy', 'leterp', 'other', 'xleter'];
    const block = fc.oneof(
      fc.constantFrom(...names).map((n) => `### ${n}\nGET code-lists\n`),
      fc.constant('### r1\nDOWNLOAD {{leter.id}}\n'),
      fc.constant('### r2\n@v = {{leter}}\nDOWNLOAD {{v}}\n'),
      fc.constant('### r3\nDOWNLOAD {{lettrs.id}}\n'),
      // Readers of names blocks may have, several times: which block is the first of a name.
      fc.constant('### r4\nDOWNLOAD {{letter.id}}\n'),
      fc.constant('### r5\nDOWNLOAD {{leterp.id}}\n'),
    );
    const version = fc.record({ before: fc.array(block, { maxLength: 4 }), stretch: fc.array(block, { maxLength: 3 }), after: fc.array(block, { maxLength: 4 }) });
    // Versions that share blocks before and after a stretch, as an edit leaves them.
    const versions = fc.tuple(version, fc.array(fc.array(block, { maxLength: 3 }), { minLength: 1, maxLength: 6 }));
    fc.assert(
      fc.property(versions, ([v, stretches]) => {
        const file = (stretch: readonly string[]): string => '@a = {{leter.id}}\n' + [...v.before, ...stretch, ...v.after].join('');
        const s = new Session(file(v.stretch));
        for (const stretch of stretches) s.update(file(stretch));
      }),
      { numRuns: Number(process.env.NOARKQ_PROPERTY_RUNS ?? 200) },
    );
  });

  it('equals a fresh check after many blocks added and taken away one after another, moving the names after them each time', () => {
    // More edits than the name index keeps moves for before applying them (16).
    const blockArb = fc.oneof(
      fc.nat(5).map((n) => `### n${n}\nQUERY Saksmappe\n`),
      fc.nat(5).map((n) => `### r\nDOWNLOAD {{n${n}.results[0].id}}\n`),
      fc.constant('GET code-lists\n'),
    );
    const opArb = fc.tuple(fc.boolean(), fc.nat(), blockArb);
    fc.assert(
      fc.property(fc.array(blockArb, { minLength: 1, maxLength: 12 }), fc.array(opArb, { minLength: 20, maxLength: 40 }), (first, ops) => {
        const blocks = [...first];
        const s = new Session('@a = {{n1.results[0].id}}\n' + blocks.join(''));
        for (const [insert, at, block] of ops) {
          if (insert || blocks.length === 0) blocks.splice(at % (blocks.length + 1), 0, block);
          else blocks.splice(at % blocks.length, 1);
          s.update('@a = {{n1.results[0].id}}\n' + blocks.join(''));
        }
      }),
      { numRuns: Number(process.env.NOARKQ_PROPERTY_RUNS ?? 100) },
    );
  });

  it('re-checks no reader of an unknown name for a new name that a nearer earlier name keeps from being suggested', () => {
    const reader = '### typo\nDOWNLOAD {{leter.id}}\n';
    const text = `### letter\nGET code-lists\n${reader}`;
    const s = new Session(text + reader.replace('typo', 'typo2'));
    // `letters` (distance 2) comes between them: `letter` (distance 1, first) stays the suggestion.
    assert.equal(s.update(text + '### letters\nGET code-lists\n' + reader.replace('typo', 'typo2')), 1);
    // `leters` (distance 1, but after `letter`): the same.
    assert.equal(s.update(text + '### leters\nGET code-lists\n' + reader.replace('typo', 'typo2')), 1);
    // `Leter` (a case-only difference, nearer): the reader after it is checked again.
    assert.equal(s.update(text + '### Leter\nGET code-lists\n' + reader.replace('typo', 'typo2')), 2);
  });

  it('follows which block of a name is the first when blocks with that name come and go before, at and after it', () => {
    const named = (name: string, query: string): string => `### ${name}\nQUERY ${query}\n`;
    const blocks = [named('a', 'Arkiv'), named('b', 'Saksmappe'), named('c', 'Arkiv'), named('b', 'Journalpost'), named('d', 'Arkiv'), named('b', 'Dokument'), 'DOWNLOAD {{b.id}}\n'];
    const s = new Session(blocks.join(''));
    const texts = [
      // The first `b` deleted: the second one is the first now, and the reader's answer is its.
      [blocks[0], blocks[2], blocks[3], blocks[4], blocks[5], blocks[6]],
      // A `b` added before all of them, and one more block in between.
      [named('b', 'Arkivdel'), blocks[0], named('e', 'Arkiv'), blocks[1], blocks[2], blocks[3], blocks[4], blocks[5], blocks[6]],
      // Renamed away, and the names after it moved by one block.
      [blocks[0], named('x', 'Saksmappe'), blocks[2], named('f', 'Arkiv'), blocks[3], blocks[4], blocks[5], blocks[6]],
      blocks,
      // Every `b` but the last deleted, one at a time.
      [blocks[0], blocks[1], blocks[2], blocks[4], blocks[5], blocks[6]],
      [blocks[0], blocks[2], blocks[4], blocks[5], blocks[6]],
      [blocks[0], blocks[2], blocks[4], blocks[6]],
      blocks,
    ];
    for (const t of texts) s.update(t.join(''));
  });

  it('checks identical blocks with different surroundings on their own', () => {
    const twice = '### a\nDOWNLOAD {{b.id}}\n### b\nUPLOAD ./x.pdf\n### c\nDOWNLOAD {{b.id}}\n';
    const s = new Session(twice);
    s.update(twice.replace('UPLOAD ./x.pdf', 'UPLOAD ./y.pdf'));
    s.update('### c2\nGET code-lists\n' + twice);
  });

  it('reports a failing model on each block instead of throwing, also for references into blocks', () => {
    const failing = new Proxy({} as NoarkModel, {
      get() {
        throw new Error('model exploded');
      },
    });
    const ds = createDocumentChecker({ model: failing }).check(parseDocument(base));
    const failed = ds.filter((d) => d.code === 'noarkq.internal-error').map((d) => base.slice(d.start, d.end));
    assert.deepEqual(failed, ['### findCase', '### dates']);
    // The transaction checker catches its own failure.
    assert.equal(ds.filter((d) => d.code === 'tx.internal-error').length, 1);
  });

  it('keeps the options of the checker it was made with', () => {
    const withEnvironment = { model: noarkModel, environment: { token: 'x' } };
    const s = new Session('### a\nGET code-lists?t={{token}}&u={{user}}\n', withEnvironment);
    s.update('### a\nGET code-lists?t={{token}}&u={{users}}\n');
  });

  it('checks in steps to the same result, and a check stopped half way leaves its blocks for the next', () => {
    const fresh = checkDocument(parseDocument(base), { model: noarkModel });
    const checker = createDocumentChecker({ model: noarkModel });
    const doc = parseDocument(base);
    const steps = checker.checkSteps(doc);
    let yields = 0;
    let next = steps.next();
    for (; !next.done; next = steps.next()) yields++;
    assert.deepEqual(next.value, fresh);
    assert.equal(yields, 7);

    const stopped = createDocumentChecker({ model: noarkModel });
    const partly = stopped.checkSteps(doc);
    for (let i = 0; i < 4; i++) partly.next();
    partly.return([]);
    assert.deepEqual(stopped.check(doc), fresh);
    assert.equal(stopped.lastCheck.checkedBlocks, 3);
    // After an edit, too: the stopped check's blocks are found by their parse.
    const edited = parseDocument(edit(base, '### letter', './a.pdf', './b.pdf'), doc);
    const again = createDocumentChecker({ model: noarkModel });
    again.check(doc);
    const interrupted = again.checkSteps(edited);
    interrupted.next();
    assert.equal(again.lastCheck.checkedBlocks, 1, 'the first step checks the edited block');
    interrupted.return([]);
    assert.deepEqual(again.check(edited), checkDocument(parseDocument(edited.text), { model: noarkModel }));
    // Only `typo` again: after a stopped check every key is derived anew, and a block whose
    // reference names no block cannot tell then whether its did-you-mean changed.
    assert.equal(again.lastCheck.checkedBlocks, 1);
  });

  it('parses in steps to what parseDocument gives, and its partial document holds the block asked for and the blocks it reads', () => {
    const parse = startParse(base);
    const early = parse.partial(base.indexOf('DOWNLOAD {{leter.id}}'));
    // typo, and findCase, which the file variables read (leter names no block).
    assert.deepEqual(
      early.blocks.map((b) => b.parsed.name?.text),
      ['findCase', 'typo'],
    );
    assert.equal(early.preamble.parsed.variables.length, 2);
    let next = parse.steps.next();
    let yields = 0;
    for (; !next.done; next = parse.steps.next()) yields++;
    assert.equal(yields, 4, 'the blocks parsed for the partial document are not parsed again');
    assert.deepEqual(next.value, parseDocument(base));
    assert.equal(next.value.blocks[5], early.blocks[1]);
  });
});
