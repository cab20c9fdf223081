/**
 * Benchmark P1: the full transaction check (every check of checkTransaction) of a generated
 * 10,000-action transaction, against vscode-json-languageservice `doValidation` of the same
 * document against a JSON Schema of the action shapes, in the same run. Target: at most 0.5x.
 *
 * Both sides are timed on their own already-parsed tree, as each runs in an editor: the
 * `.noarkq` document parser hands checkTransaction the jsonc-parser tree of the body, and
 * doValidation takes the JSON document its service parsed. The parse times (the same jsonc
 * scanner on both sides; ours builds the jsonc-parser tree with core/json/jsoncTree, as the
 * product does) are reported in the detail, with the end-to-end ratio.
 */
import { getLanguageService, type JSONSchema } from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { parseJsoncTree } from '../../core/json/jsoncTree';
import { noarkModel } from '../../core/schema/index';
import { checkTransaction, checkTransactionText } from '../../core/transaction/index';
import type { BenchResult } from './benchResult';


const ACTIONS = 10_000;

/** A realistic bulk import: registry entries with their party, document and version, each in
 * an existing case file, plus updates and secondary classes on existing entries. */
export function generateTransaction(actions = ACTIONS): string {
  const lines: string[] = [];
  for (let g = 0; lines.length < actions; g++) {
    const jp = `jp-${g}`;
    const kp = `kp-${g}`;
    const doc = `doc-${g}`;
    const ver = `ver-${g}`;
    const group = [
      { action: 'save', type: 'Journalpost', id: jp, fields: { tittel: `Søknad om byggetillatelse ${g}`, journalposttype: g % 2 ? 'I' : 'U', dokumentetsDato: '2024-08-19', mottattDato: '2024-08-19T09:09:39.315+0200' } },
      { action: 'link', type: 'Journalpost', id: jp, ref: 'refMappe', linkToId: String(7300000 + (g % 500)) },
      { action: 'save', type: 'Korrespondansepart', id: kp, fields: { korrespondansepartNavn: `Kari Nordmann ${g}`, korrespondanseparttype: 'EA', postnummer: '0150', erPerson: true } },
      { action: 'link', type: 'Korrespondansepart', id: kp, ref: 'refRegistrering', linkToId: jp },
      { action: 'save', type: 'Dokument', id: doc, fields: { tittel: `Søknad ${g}`, tilknyttetRegistreringSom: 'H' } },
      { action: 'link', type: 'Dokument', id: doc, ref: 'refRegistrering', linkToId: jp },
      { action: 'save', type: 'Dokumentversjon', id: ver, fields: { referanseDokumentfil: String(900000 + g), variantformat: 'A', format: 'pdf' } },
      { action: 'link', type: 'Dokumentversjon', id: ver, ref: 'refDokument', linkToId: doc },
      { action: 'save', type: 'Journalpost', id: String(8100000 + g), version: '3', fields: { beskrivelse: `Oppdatert ${g}` } },
      { action: 'link', type: 'Journalpost', id: String(8100000 + g), ref: 'refSekundaerKlasse', linkToId: [String(5000 + (g % 40))] },
    ];
    for (const a of group) if (lines.length < actions) lines.push(`    ${JSON.stringify(a)}`);
  }
  return `{\n  "actions": [\n${lines.join(',\n')}\n  ]\n}\n`;
}

/** The action shapes as a JSON Schema author would write them for editor validation. */
export function transactionSchema(): JSONSchema {
  const types = noarkModel.types.filter((t) => t.transactable && !t.abstract).map((t) => t.name);
  const id: JSONSchema = { type: 'string', minLength: 1 };
  const ids: JSONSchema = { anyOf: [id, { type: 'array', items: id, minItems: 1 }] };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    required: ['actions'],
    additionalProperties: false,
    properties: {
      actions: {
        type: 'array',
        items: {
          type: 'object',
          required: ['action', 'type', 'id'],
          additionalProperties: false,
          properties: {
            action: { enum: ['save', 'link', 'unlink', 'delete'] },
            type: { enum: types },
            id,
            version: { type: 'string' },
            fields: { type: 'object' },
            ref: { type: 'string', pattern: '^ref[A-Z]' },
            linkToId: ids,
            unlinkFromId: ids,
          },
          allOf: [
            { if: { properties: { action: { const: 'save' } } }, then: { required: ['fields'] } },
            { if: { properties: { action: { const: 'link' } } }, then: { required: ['ref', 'linkToId'] } },
            { if: { properties: { action: { const: 'unlink' } } }, then: { required: ['ref', 'unlinkFromId'] } },
          ],
        },
      },
    },
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function time(fn: () => unknown): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export async function benchTransactionCheck(): Promise<BenchResult> {
  const text = generateTransaction();
  const ls = getLanguageService({});
  ls.configure({ validate: true, allowComments: true, schemas: [{ uri: 'noarkq://transaction.schema.json', fileMatch: ['*.json'], schema: transactionSchema() }] });
  const doc = TextDocument.create('file:///bench/transaction.json', 'json', 1, text);
  const context = { model: noarkModel };
  const settings = { comments: 'ignore', trailingCommas: 'ignore' } as const;

  const parseOurs = () => parseJsoncTree(text, [], { allowTrailingComma: true, disallowComments: false });
  const parseTheirs = () => ls.parseJSONDocument(doc);
  const tree = parseOurs();
  const jsonDocument = parseTheirs();
  const ours = () => checkTransaction(tree, context);
  const theirs = () => ls.doValidation(doc, jsonDocument, settings);

  // Both sides must see a clean document, or one of them is timing error reporting.
  const ourDiagnostics = checkTransactionText(text, 0, text.length, context).diagnostics;
  if (ourDiagnostics.length > 0) throw new Error(`generated transaction should check clean, got ${ourDiagnostics.length} diagnostics, first: ${ourDiagnostics[0].code} ${ourDiagnostics[0].message}`);
  const theirDiagnostics = await theirs();
  if (theirDiagnostics.length > 0) throw new Error(`generated transaction should validate against the schema, got ${theirDiagnostics.length}: ${theirDiagnostics[0].message}`);

  for (let i = 0; i < 3; i++) {
    ours();
    await theirs();
  }
  const times = { ours: [] as number[], theirs: [] as number[], ourParse: [] as number[], theirParse: [] as number[] };
  for (let round = 0; round < 9; round++) {
    times.ours.push(await time(ours));
    times.theirs.push(await time(theirs));
    times.ourParse.push(await time(parseOurs));
    times.theirParse.push(await time(parseTheirs));
  }
  const ourMs = median(times.ours);
  const theirMs = median(times.theirs);
  const ourParseMs = median(times.ourParse);
  const theirParseMs = median(times.theirParse);
  const endToEnd = (ourParseMs + ourMs) / (theirParseMs + theirMs);
  return {
    name: 'transaction check vs JSON Schema validation',
    // End to end (parse + check vs parse + validate): what a user waits for on each side.
    ratio: endToEnd,
    target: 0.5,
    detail:
      `${ACTIONS} actions, ${(text.length / 1e6).toFixed(2)} MB: parse ${ourParseMs.toFixed(1)} + check ${ourMs.toFixed(1)} ms vs ` +
      `parseJSONDocument ${theirParseMs.toFixed(1)} + doValidation ${theirMs.toFixed(1)} ms (checks alone ${(ourMs / theirMs).toFixed(2)}; median of 9)`,
  };
}

// Run directly: `node --import tsx test/bench/transactionCheck.bench.ts` (the package is CommonJS,
// so no top-level await and no import.meta).
if (process.argv[1]?.endsWith('transactionCheck.bench.ts')) {
  void benchTransactionCheck().then((result) => {
    console.log(`${result.name}: ratio ${result.ratio.toFixed(2)} (target <= ${result.target}) — ${result.detail}`);
    if (result.ratio > result.target) process.exitCode = 1;
  });
}
