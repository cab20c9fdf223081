/**
 * The code lists an archive ships with (the vendor's default codes, vendor notes §3). The live
 * archive is the truth: integrators add codes, and lists marked `emptyByDefault` have no codes
 * until someone configures them, so checks against these lists can only be advisory. Default
 * codes are the ones the spec states (arkivstatus O, saksstatus B, journalstatus J,
 * dokumentstatus B, dokumentmedium E).
 */
import type { CodeListDef, CodeValue } from './types';

/** `pairs` is `code name` per entry, in the vendor's order. */
function list(name: string, mNumber: string | undefined, pairs: [string, string][], defaultCode?: string): CodeListDef {
  const values: CodeValue[] = pairs.map(([code, codeName]) => ({ code, name: codeName }));
  const def: CodeListDef = { name, values, emptyByDefault: false, source: 'reference' };
  if (mNumber !== undefined) def.mNumber = mNumber;
  if (defaultCode !== undefined) def.defaultCode = defaultCode;
  return def;
}

function empty(name: string, mNumber?: string): CodeListDef {
  const def: CodeListDef = { name, values: [], emptyByDefault: true, source: 'reference' };
  if (mNumber !== undefined) def.mNumber = mNumber;
  return def;
}

/** Codes the vendor ships without names in the notes; the name repeats the code. */
const unnamed = (code: string): [string, string] => [code, code];

export const defaultCodeLists: readonly CodeListDef[] = [
  list('arkivstatus', 'M050', [['O', 'Opprettet'], ['A', 'Avsluttet']], 'O'),
  list('arkivdelstatus', 'M051', [
    ['A', 'Aktiv periode'],
    ['O', 'Overlappingsperiode'],
    ['P', 'Avsluttet periode'],
    ['U', 'Uaktuelle mapper'],
  ]),
  list(
    'saksstatus',
    'M052',
    [
      ['B', 'Under behandling'],
      ['A', 'Avsluttet'],
      ['U', 'Utgår'],
      ['R', 'Opprettet av saksbehandler'],
      ['S', 'Avsluttet av saksbehandler'],
      ['P', 'Unntatt prosesstyring'],
      ['F', 'Ferdig fra saksbehandler'],
    ],
    'B',
  ),
  list(
    'journalstatus',
    'M053',
    [
      ['J', 'Journalført'],
      ['F', 'Ferdigstilt fra saksbehandler'],
      ['G', 'Godkjent av leder'],
      ['E', 'Ekspedert'],
      ['A', 'Arkivert'],
      ['U', 'Utgår'],
      ['M', 'Midlertidig registrering av innkommet dokument'],
      ['S', 'Saksbehandler har registrert innkommet dokument'],
      ['R', 'Reservert dokument'],
    ],
    'J',
  ),
  list('dokumentstatus', 'M054', [['B', 'Dokumentet er under redigering'], ['F', 'Dokumentet er ferdigstilt']], 'B'),
  empty('moeteregistreringsstatus', 'M055'),
  list('presedensStatus', 'M056', [['G', 'Gjeldende'], ['F', 'Foreldet']]),
  list('journalposttype', 'M082', [
    ['I', 'Inngående dokument'],
    ['U', 'Utgående dokument'],
    ['N', 'Organinternt dokument for oppfølging'],
    ['X', 'Organinternt dokument uten oppfølging'],
    ['S', 'Saksframlegg'],
  ]),
  empty('dokumenttype', 'M083'),
  list('merknadstype', 'M084', [['MER', 'Merknad'], ['IMER', 'Intern merknad']]),
  list('moeteregistreringstype', 'M085', [
    unnamed('D'),
    ['VL', 'Vedlegg til møtesak'],
    ['SL', 'Saksliste'],
    unnamed('M'),
    unnamed('B'),
    unnamed('N'),
    ['MI', 'Møteinnkalling'],
    unnamed('O'),
    ['MP', 'Møteprotokoll'],
    ['SP', 'Saksprotokoll'],
    ['SF', 'Saksframlegg'],
  ]),
  list('korrespondanseparttype', 'M087', [
    ['EA', 'Avsender'],
    ['EM', 'Mottaker'],
    ['EK', 'Kopimottaker'],
    ['GM', 'Gruppemottaker'],
    ['IA', 'Intern avsender'],
    ['IM', 'Intern mottaker'],
    ['IK', 'Intern kopimottaker'],
  ]),
  list('moetesakstype', 'M088', [
    ['PS', 'Politisk sak'],
    ['RS', 'Referatsak'],
    unnamed('U'),
    ['DS', 'Delegert møtesak'],
    unnamed('FO'),
  ]),
  list('tilknyttetRegistreringSom', 'M217', [['H', 'Hoveddokument'], ['V', 'Vedlegg']]),
  list('dokumentmedium', 'M300', [['E', 'Elektronisk arkiv']], 'E'),
  empty('administrativEnhet', 'M305'),
  empty('presedensHjemmel', 'M311'),
  empty('rettskildefaktor', 'M312'),
  list('kassasjonsvedtak', 'M450', [['B', 'Bevares'], ['K', 'Kasseres'], ['V', 'Vurderes senere']]),
  empty('kassasjonshjemmel', 'M453'),
  empty('skjerming', 'M500'),
  list('avskrivningsmaate', 'M619', [
    ['BU', 'Besvart med brev'],
    ['BE', 'Besvart med e-post'],
    ['TLF', 'Besvart på telefon'],
    ['TE', 'Tatt til etterretning'],
    ['TO', 'Tatt til orientering'],
    ['SA', 'Sak avsluttet'],
  ]),
  list('flytStatus', 'M663', [
    ['G', 'Godkjent'],
    ['I', 'Ikke godkjent'],
    ['S', 'Sendt tilbake til saksbehandler med kommentarer'],
  ]),
  list('variantformat', 'M700', [['P', 'Produksjonsformat'], ['A', 'Arkivformat'], ['O', 'Offentlig']]),
  empty('mappetype'),
  empty('mappestatus'),
  empty('ekspederingskanal'),
  empty('plantype'),
  empty('planstatus'),
  empty('lovreferanse'),
];
