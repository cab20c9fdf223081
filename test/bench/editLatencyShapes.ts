/**
 * The `.noarkq` files the edit-latency benchmark types into, and the edits it makes: each shape is
 * a generated file of a given number of blocks, and each edit is a change with the change that
 * undoes it, at sites in the middle of the file (or at the top, for a file variable), so a run of
 * edits leaves the file as it was. Shared with the tests that compare the incremental check with
 * a fresh one after the same edits.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A change in offsets of the text it applies to. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** An edit and its undo: `undo` applies to the text after `edit`. */
export interface EditPair {
  edit: TextEdit;
  undo: TextEdit;
}

export type EditKind = 'where' | 'json' | 'blockVariable' | 'fileVariable' | 'rename' | 'addBlock' | 'paste100';

export const editKinds: readonly EditKind[] = ['where', 'json', 'blockVariable', 'fileVariable', 'rename', 'addBlock', 'paste100'];

export const editKindLabels: Record<EditKind, string> = {
  where: 'typing in a WHERE',
  json: 'typing in a JSON string',
  blockVariable: 'typing in a block variable',
  fileVariable: 'typing in a file variable',
  rename: 'renaming a referenced block',
  addBlock: 'adding and deleting a block',
  paste100: 'pasting 100 blocks',
};

export type ShapeName = 'flow' | 'alternating' | 'queries' | 'errors';

export const shapeNames: readonly ShapeName[] = ['flow', 'alternating', 'queries', 'errors'];

export interface Shape {
  name: ShapeName;
  text: string;
  blocks: number;
  /** The edits this shape has sites for (a file without JSON has no JSON string to type in). */
  edits: Partial<Record<EditKind, EditPair[]>>;
  /** Completion positions (offsets) across the middle of the file. */
  completions: number[];
}

const root = join(__dirname, '..', '..');

/** Typing `typed` at `at`, and deleting it again. */
function typing(at: number, typed: string): EditPair {
  return { edit: { start: at, end: at, text: typed }, undo: { start: at, end: at + typed.length, text: '' } };
}

/** Inserting `inserted` at `at` (a block's start), and deleting it again. */
function inserting(at: number, inserted: string): EditPair {
  return typing(at, inserted);
}

/** Offsets of `needle` in `text` at or after `from` (the first), throwing when absent. */
function offsetOf(text: string, needle: string, from = 0): number {
  const at = text.indexOf(needle, from);
  if (at === -1) throw new Error(`generated file has no ${JSON.stringify(needle)} after offset ${from}`);
  return at;
}

/** Sites for an edit kind around the middle block group: `site(g)` for g near `middle`. */
function around(middle: number, count: number, site: (g: number) => EditPair): EditPair[] {
  const sites: EditPair[] = [];
  for (let g = middle - Math.floor(count / 2); sites.length < count; g++) sites.push(site(g));
  return sites;
}

/** Renames `name`'s `###` line by typing at the end of its name. */
function renaming(text: string, name: string): EditPair {
  return typing(offsetOf(text, `\n### ${name}`) + 5 + name.length, 'x');
}

/** 100 new blocks copied from those starting at `from` with their names suffixed, so that they
 * add no duplicate names, pasted before the block at `at`. */
function pasting(text: string, from: number, at: number, blocks: number, suffix: string): EditPair {
  let end = from;
  for (let i = 0; i < blocks; i++) end = offsetOf(text, '\n###', end + 1);
  const copied = text.slice(from, end + 1).replace(/^### (\w+)/gm, `### $1${suffix}`);
  return inserting(at, copied);
}

/** The integration flow, repeated: five blocks per case, each case reading the blocks above it. */
export function flowFile(blocks: number): string {
  const parts: string[] = ['# Generated: the integration flow for many case files.', '@year = 2024', '@title = "%byggesak%"', '@sys = "eByggesak"', ''];
  let written = 0;
  for (let g = 0; written < blocks; g++) {
    const group = [
      `### findCase${g} Find case file ${g}
@seq = ${g + 1}
QUERY Saksmappe
WHERE saksaar = @year && sakssekvensnummer = @seq && tittel %= @title
SORT opprettetDato DESC
LIMIT 1
`,
      `### register${g} Register the incoming letter in case ${g}
TRANSACTION
{
  "actions": [
    { "action": "save", "type": "Journalpost", "id": "jp",
      "fields": { "tittel": "Søknad om byggetillatelse ${g}", "journalposttype": "I" } },
    { "action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe",
      "linkToId": "{{findCase${g}.results[0].id}}" },
    { "action": "save", "type": "Korrespondansepart", "id": "kp",
      "fields": { "korrespondansepartNavn": "Kari Nordmann ${g}", "korrespondanseparttype": "EA" } },
    { "action": "link", "type": "Korrespondansepart", "id": "kp", "ref": "refRegistrering",
      "linkToId": "jp" }
  ]
}
`,
      `### letter${g}
UPLOAD ./files/letter-${g}.pdf
`,
      `### attach${g} Attach the letter to the journal entry
TRANSACTION
{
  "actions": [
    { "action": "save", "type": "Dokument", "id": "doc",
      "fields": { "tittel": "Søknad ${g}", "tilknyttetRegistreringSom": "H" } },
    { "action": "link", "type": "Dokument", "id": "doc", "ref": "refRegistrering",
      "linkToId": "{{register${g}.saved.jp.id}}" },
    { "action": "save", "type": "Dokumentversjon", "id": "v1",
      "fields": { "referanseDokumentfil": "{{letter${g}.id}}", "variantformat": "A" } },
    { "action": "link", "type": "Dokumentversjon", "id": "v1", "ref": "refDokument",
      "linkToId": "doc" }
  ]
}
`,
      `### codes${g}
GET code-lists?type=Journalpost
`,
    ];
    for (const block of group) {
      if (written === blocks) break;
      parts.push(block);
      written++;
    }
  }
  return parts.join('\n');
}

/** The flow file, with its edits and completion positions around its middle. */
export function flowShape(blocks: number): Shape {
  const text = flowFile(blocks);
  const middle = Math.floor(blocks / 5 / 2);
  const findCase = (g: number): number => offsetOf(text, `\n### findCase${g} `);
  const where = (g: number): number => offsetOf(text, 'tittel %=', findCase(g)) + 'tittel'.length;
  const completions: number[] = [];
  for (let g = middle - 8; g < middle + 8; g++) {
    const find = findCase(g);
    const reference = offsetOf(text, `{{findCase${g}.results[0].id}}`, find);
    completions.push(
      offsetOf(text, 'QUERY Saksmappe', find) + 'QUERY Saks'.length,
      offsetOf(text, 'WHERE saksaar', find) + 'WHERE saks'.length,
      offsetOf(text, '@year', find) + 1,
      reference + 2 + 4,
      reference + `{{findCase${g}`.length + 1,
      offsetOf(text, `"korrespondansepartNavn": "Kari Nordmann ${g}"`, find) + 4,
    );
  }
  return {
    name: 'flow',
    text,
    blocks,
    edits: {
      where: around(middle, 10, (g) => typing(where(g), 'x')),
      json: around(middle, 10, (g) => typing(offsetOf(text, `"tittel": "Søknad ${g}"`) + '"tittel": "S'.length, 'x')),
      blockVariable: around(middle, 10, (g) => typing(offsetOf(text, '@seq = ', findCase(g)) + '@seq = '.length, '1')),
      fileVariable: [typing(offsetOf(text, '@year = 2024') + '@year = 2024'.length, '5')],
      rename: around(middle, 10, (g) => renaming(text, `findCase${g}`)),
      addBlock: around(middle, 10, (g) => inserting(findCase(g) + 1, `### added${g}\nQUERY Saksmappe\nWHERE saksaar = @year\n\n`)),
      paste100: [pasting(text, findCase(middle - 20) + 1, findCase(middle + 20) + 1, 100, 'p')],
    },
    completions,
  };
}

/**
 * The file of the issue: `### qN` a QUERY reading both file variables, then `### tN` a
 * TRANSACTION whose one-line body saves a Journalpost and links it to the case file `qN` found.
 */
export function alternatingShape(blocks: number): Shape {
  const parts: string[] = ['@year = 2024', '@t = "%byggesak%"', ''];
  for (let i = 0; i < blocks; i++) {
    const n = i >> 1;
    parts.push(
      i % 2 === 0
        ? `### q${n}\nQUERY Saksmappe\nWHERE saksaar = @year && tittel %= @t\nLIMIT 1\n`
        : `### t${n}\nTRANSACTION\n{ "actions": [ { "action": "save", "type": "Journalpost", "id": "jp", "fields": { "tittel": "Brev ${n}", "journalposttype": "I" } }, { "action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe", "linkToId": "{{q${n}.results[0].id}}" } ] }\n`,
    );
  }
  const text = parts.join('\n');
  const middle = Math.floor(blocks / 4);
  const q = (n: number): number => offsetOf(text, `\n### q${n}\n`) + 1;
  const completions: number[] = [];
  for (let n = middle - 10; n < middle + 10; n++) {
    const reference = offsetOf(text, `{{q${n}.results`, q(n));
    completions.push(
      offsetOf(text, 'QUERY Saksmappe', q(n)) + 'QUERY Saks'.length,
      offsetOf(text, 'WHERE saksaar', q(n)) + 'WHERE saks'.length,
      offsetOf(text, '@t', q(n)) + 1,
      reference + 3,
      reference + `{{q${n}.`.length + 1,
      offsetOf(text, '"journalposttype"', q(n)) + 3,
    );
  }
  return {
    name: 'alternating',
    text,
    blocks,
    edits: {
      where: around(middle, 10, (n) => typing(offsetOf(text, 'WHERE', q(n)) + 'WHERE'.length, ' ')),
      json: around(middle, 10, (n) => typing(offsetOf(text, `"Brev ${n}"`, q(n)) + 2, 'x')),
      fileVariable: [typing(offsetOf(text, '@year = 2024') + '@year = 2024'.length, '5')],
      rename: around(middle, 10, (n) => renaming(text, `q${n}`)),
      addBlock: around(middle, 10, (n) => inserting(q(n), `### added${n}\nQUERY Saksmappe\nWHERE saksaar = @year\n\n`)),
      paste100: [pasting(text, q(middle - 50), q(middle + 10), 100, 'p')],
    },
    completions,
  };
}

/** QUERY blocks only, each with a variable of its own besides the file's. */
export function queriesShape(blocks: number): Shape {
  const parts: string[] = ['@year = 2024', '@title = "%byggesak%"', ''];
  for (let i = 0; i < blocks; i++) {
    parts.push(`### find${i}\n@seq = ${i + 1}\nQUERY Saksmappe\nWHERE saksaar = @year && sakssekvensnummer = @seq && tittel %= @title\nSORT opprettetDato DESC\nLIMIT 10\n`);
  }
  const text = parts.join('\n');
  const middle = Math.floor(blocks / 2);
  const find = (i: number): number => offsetOf(text, `\n### find${i}\n`) + 1;
  const completions: number[] = [];
  for (let i = middle - 20; i < middle + 20; i++) {
    completions.push(
      offsetOf(text, 'QUERY Saksmappe', find(i)) + 'QUERY Saks'.length,
      offsetOf(text, 'WHERE saksaar', find(i)) + 'WHERE saks'.length,
      offsetOf(text, '@title', find(i)) + 1,
    );
  }
  return {
    name: 'queries',
    text,
    blocks,
    edits: {
      where: around(middle, 10, (i) => typing(offsetOf(text, 'WHERE', find(i)) + 'WHERE'.length, ' ')),
      blockVariable: around(middle, 10, (i) => typing(offsetOf(text, '@seq = ', find(i)) + '@seq = '.length, '1')),
      fileVariable: [typing(offsetOf(text, '@year = 2024') + '@year = 2024'.length, '5')],
      // Nothing reads a query's answer here: renaming one is a rename of a block nothing reads.
      rename: around(middle, 10, (i) => renaming(text, `find${i}`)),
      addBlock: around(middle, 10, (i) => inserting(find(i), `### added${i}\nQUERY Saksmappe\nWHERE saksaar = @year\n\n`)),
      paste100: [pasting(text, find(middle - 150), find(middle + 10), 100, 'p')],
    },
    completions,
  };
}

/**
 * Copies of examples/broken.noarkq (every mistake noarkq points out: duplicate block names,
 * unknown fields, broken JSON, ...) until the file has `blocks` blocks; each copy's file
 * variables are in the preamble once, the copies' blocks keep their names, so every copy after
 * the first repeats every name.
 */
export function errorsShape(blocks: number): Shape {
  const example = readFileSync(join(root, 'examples', 'broken.noarkq'), 'utf8');
  const firstBlock = example.indexOf('\n###') + 1;
  const preamble = example.slice(0, firstBlock);
  const body = example.slice(firstBlock);
  const perCopy = body.split(/^###/m).length - 1;
  const parts: string[] = [preamble];
  let written = 0;
  while (written + perCopy <= blocks) {
    parts.push(body.endsWith('\n') ? body : `${body}\n`);
    written += perCopy;
  }
  // The rest of the blocks: the start of one more copy.
  if (written < blocks) {
    let end = 0;
    for (let i = 0; i <= blocks - written; i++) end = body.indexOf('\n###', end + 1);
    parts.push(body.slice(0, end + 1));
  }
  const text = parts.join('');
  const copyStarts: number[] = [];
  for (let at = text.indexOf('\n### syntax '); at !== -1; at = text.indexOf('\n### syntax ', at + 1)) copyStarts.push(at + 1);
  const middle = Math.floor(copyStarts.length / 2);
  const copy = (c: number): number => copyStarts[c];
  const completions: number[] = [];
  for (let c = middle - 10; c < middle + 10; c++) {
    completions.push(
      offsetOf(text, 'QUERY Saksmape', copy(c)) + 'QUERY Saks'.length,
      offsetOf(text, 'WHERE titel', copy(c)) + 'WHERE tit'.length,
      offsetOf(text, '@a = {{findCas', copy(c)) + '@a = {{find'.length,
      offsetOf(text, '"titel": "T"', copy(c)) + 3,
    );
  }
  return {
    name: 'errors',
    text,
    blocks,
    edits: {
      where: around(middle, 10, (c) => typing(offsetOf(text, 'WHERE titel', copy(c)) + 'WHERE'.length, ' ')),
      json: around(middle, 10, (c) => typing(offsetOf(text, '"tittel": "Letter"', copy(c)) + '"tittel": "L'.length, 'x')),
      blockVariable: around(middle, 10, (c) => typing(offsetOf(text, '@unused = 1', copy(c)) + '@unused = 1'.length, '0')),
      fileVariable: [typing(offsetOf(text, '@year = 2024') + '@year = 2024'.length, '5')],
      // `later` is read by a reference in the copy's `refs` block.
      rename: around(middle, 10, (c) => typing(offsetOf(text, '\n### later\n', copy(c)) + '\n### later'.length, 'x')),
      addBlock: around(middle, 10, (c) => inserting(copy(c), `### added${c}\nQUERY Saksmappe\nWHERE saksaar = @year\n\n`)),
      paste100: [pasting(text, copy(middle - 5), copy(middle + 1), 100, 'p')],
    },
    completions,
  };
}

export function makeShape(name: ShapeName, blocks: number): Shape {
  switch (name) {
    case 'flow':
      return flowShape(blocks);
    case 'alternating':
      return alternatingShape(blocks);
    case 'queries':
      return queriesShape(blocks);
    case 'errors':
      return errorsShape(blocks);
  }
}

/** `edit` applied to `text`. */
export function applyEdit(text: string, edit: TextEdit): string {
  return text.slice(0, edit.start) + edit.text + text.slice(edit.end);
}
