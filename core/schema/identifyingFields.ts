/**
 * The fields a person recognises an entity by (a case file by `mappeIdent` and `tittel`, a
 * document version by `versjonsnummer` and `format`): the columns of a result table and the label
 * of a tree node. A type not listed here shows `tittel` when it has one.
 */
import type { NoarkModel } from './types';

const byType: Readonly<Record<string, readonly string[]>> = {
  Arkiv: ['tittel', 'arkivstatus'],
  Arkivskaper: ['arkivskaperIdent', 'arkivskaperNavn'],
  Arkivdel: ['tittel', 'arkivdelstatus'],
  Klassifikasjonssystem: ['tittel', 'klassifikasjonstype'],
  Klasse: ['klasseIdent', 'tittel'],
  Mappe: ['mappeIdent', 'tittel'],
  Saksmappe: ['mappeIdent', 'tittel', 'saksstatus'],
  Moetemappe: ['mappeIdent', 'tittel', 'moetedato'],
  Moetedeltaker: ['navn', 'funksjon'],
  Sakspart: ['sakspartNavn', 'sakspartRolle'],
  Basisregistrering: ['registreringsIdent', 'tittel'],
  Journalpost: ['registreringsIdent', 'tittel', 'journalposttype', 'journalstatus'],
  Arkivnotat: ['registreringsIdent', 'tittel'],
  Moeteregistrering: ['registreringsIdent', 'tittel'],
  Korrespondansepart: ['korrespondansepartNavn', 'korrespondanseparttype'],
  Dokumentflyt: ['flytTil', 'flytStatus'],
  Avskrivning: ['avskrivningsmaate'],
  Dokument: ['dokumentnummer', 'tittel', 'tilknyttetRegistreringSom'],
  Dokumentversjon: ['versjonsnummer', 'variantformat', 'format', 'filnavn'],
  EksternId: ['eksterntSystem', 'eksternID'],
  Noekkelord: ['verdi'],
  Merknad: ['merknadstype', 'tekst'],
  Adresse: ['adressenavn', 'nummer', 'poststed'],
  Bygning: ['bygningsnummer', 'bygningsnavn'],
  Eiendom: ['knr', 'gnr', 'bnr'],
  Plan: ['planident', 'plannavn'],
  Presedens: ['tittel', 'presedensStatus'],
};

export function identifyingFields(model: NoarkModel, typeName: string): readonly string[] {
  const listed = byType[typeName];
  if (listed) return listed;
  return model.getType(typeName)?.fields.some((f) => f.name === 'tittel') ? ['tittel'] : [];
}

/** The types listed above, for the test that keeps them true to the model. */
export const typesWithIdentifyingFields: readonly string[] = Object.keys(byType);
