/**
 * The vendor's reference of object types (Appendix A of the reference material: the vendor's
 * web-services documentation, "Object types", condensed), as data: per type its own fields with
 * their JSON types, its reference fields, and the common fields it carries (id, version, uuid,
 * created/finalised by and when). The spec says "not shown" for the fields of several types;
 * the model fills those from here (`source: 'reference'`), and `test/specWalk.test.ts` checks
 * the model against this list both ways.
 */
export interface VendorObjectType {
  common: string[];
  /** Field name -> JSON type as the reference writes it. */
  fields: Record<string, string>;
  refs: string[];
}

export const vendorObjectTypes: Record<string, VendorObjectType> = {
  Arkiv: {
    common: ['id', 'version', 'uuid', 'opprettetDato', 'opprettetAv', 'opprettetAvBrukerIdent', 'avsluttetDato', 'avsluttetAv', 'avsluttetAvBrukerIdent'],
    fields: { tittel: 'string', beskrivelse: 'string', arkivstatus: 'string', dokumentmedium: 'string' },
    refs: ['refArkivskaper', 'refArkivdel'],
  },
  Arkivskaper: {
    common: ['id', 'version', 'uuid', 'opprettetDato', 'opprettetAv', 'opprettetAvBrukerIdent'],
    fields: { arkivskaperIdent: 'string', arkivskaperNavn: 'string', beskrivelse: 'string' },
    refs: ['refArkiv'],
  },
  Arkivdel: {
    common: ['id', 'version', 'uuid', 'opprettetDato', 'opprettetAv', 'opprettetAvBrukerIdent'],
    fields: { tittel: 'string', beskrivelse: 'string', arkivdelstatus: 'string', dokumentmedium: 'string', arkivperiodeStartDato: 'date', arkivperiodeSluttDato: 'date', overlappingsperiodeSluttdato: 'date', skjerming: 'string' },
    refs: ['refArkiv', 'refPrimaerKlassifikasjonssystem', 'refSekundaerKlassifikasjonssystem', 'refMappe', 'refRegistrering', 'refArkivdelForloeper', 'refArkivdelArvtaker'],
  },
  Klassifikasjonssystem: {
    common: ['id', 'version', 'uuid', 'opprettetDato', 'opprettetAv', 'opprettetAvBrukerIdent', 'avsluttetDato', 'avsluttetAv', 'avsluttetAvBrukerIdent'],
    fields: { klassifikasjonstype: 'string', tittel: 'string', beskrivelse: 'string' },
    refs: ['refKlasse', 'refArkivdelSomPrimaer', 'refArkivdelSomSekundaer'],
  },
  Klasse: {
    common: ['id', 'version', 'uuid', 'opprettetDato', 'opprettetAv', 'opprettetAvBrukerIdent', 'avsluttetDato', 'avsluttetAv', 'avsluttetAvBrukerIdent'],
    fields: { klasseIdent: 'string', tittel: 'string', beskrivelse: 'string', kassasjonsvedtak: 'string', kassasjonshjemmel: 'string', bevaringstid: 'number', skjerming: 'string', virksomhetsspesifikkeMetadata: 'object' },
    refs: ['refKlassifikasjonssystem', 'refForelderKlasse', 'refBarnKlasse', 'refMappeSomPrimaer', 'refMappeSomSekundaer', 'refRegistreringSomPrimaer', 'refRegistreringSomSekundaer'],
  },
  Mappe: {
    common: ['id', 'version', 'uuid', 'opprettetDato', 'opprettetAv', 'opprettetAvBrukerIdent', 'avsluttetDato', 'avsluttetAv', 'avsluttetAvBrukerIdent'],
    fields: { mappeIdent: 'string', mappetype: 'string', tittel: 'string', offentligTittel: 'string', beskrivelse: 'string', dokumentmedium: 'string', mappestatus: 'string', kassasjonsvedtak: 'string', kassasjonshjemmel: 'string', bevaringstid: 'number', skjerming: 'string', virksomhetsspesifikkeMetadata: 'object' },
    refs: ['refArkivdel', 'refForelderMappe', 'refBarnMappe', 'refRegistrering', 'refSakspart', 'refPrimaerKlasse', 'refSekundaerKlasse', 'refEksternId', 'refNoekkelord', 'refMerknad', 'refNasjonalIdentifikator', 'refKryssreferanseTilMappe', 'refKryssreferanseFraMappe', 'refKryssreferanseTilRegistrering', 'refKryssreferanseFraRegistrering'],
  },
  Saksmappe: {
    common: ['id', 'version', 'uuid', 'opprettetDato', 'opprettetAv', 'opprettetAvBrukerIdent', 'avsluttetDato', 'avsluttetAv', 'avsluttetAvBrukerIdent'],
    fields: { prefiks: 'string', mappeIdent: 'string', mappetype: 'string', tittel: 'string', offentligTittel: 'string', beskrivelse: 'string', dokumentmedium: 'string', saksaar: 'number', sakssekvensnummer: 'number', saksdato: 'date', administrativEnhet: 'string', saksansvarlig: 'string', saksansvarligBrukerIdent: 'string', saksstatus: 'string', kassasjonsvedtak: 'string', kassasjonshjemmel: 'string', bevaringstid: 'number', skjerming: 'string', virksomhetsspesifikkeMetadata: 'object' },
    refs: ['refArkivdel', 'refRegistrering', 'refSakspart', 'refPrimaerKlasse', 'refSekundaerKlasse', 'refEksternId', 'refNoekkelord', 'refMerknad', 'refNasjonalIdentifikator', 'refKryssreferanseTilMappe', 'refKryssreferanseFraMappe', 'refKryssreferanseTilRegistrering', 'refKryssreferanseFraRegistrering', 'refPresedens'],
  },
  Sakspart: {
    common: ['id', 'version', 'uuid', 'opprettetDato', 'opprettetAv', 'opprettetAvBrukerIdent'],
    fields: { sakspartIdent: 'string', sakspartNavn: 'string', sakspartRolle: 'string', foedselsnummer: 'string', organisasjonsnummer: 'string', dnummer: 'string', postadresse: 'string', postnummer: 'string', poststed: 'string', land: 'string', epostadresse: 'string', telefonnummer: 'string', kontaktperson: 'string', virksomhetsspesifikkeMetadata: 'object' },
    refs: ['refMappe'],
  },
  Moetemappe: {
    common: ['id', 'version', 'uuid', 'opprettetDato', 'opprettetAv', 'opprettetAvBrukerIdent', 'avsluttetDato', 'avsluttetAv', 'avsluttetAvBrukerIdent'],
    fields: { mappeIdent: 'string', mappetype: 'string', tittel: 'string', offentligTittel: 'string', beskrivelse: 'string', dokumentmedium: 'string', moetenummer: 'string', utvalg: 'string', moetedato: 'date', moetested: 'string', kassasjonsvedtak: 'string', kassasjonshjemmel: 'string', bevaringstid: 'number', skjerming: 'string', virksomhetsspesifikkeMetadata: 'object' },
    refs: ['refArkivdel', 'refRegistrering', 'refSakspart', 'refMoetedeltaker', 'refPrimaerKlasse', 'refSekundaerKlasse', 'refEksternId', 'refNoekkelord', 'refMerknad', 'refNasjonalIdentifikator', 'refKryssreferanseTilMappe', 'refKryssreferanseFraMappe', 'refKryssreferanseTilRegistrering', 'refKryssreferanseFraRegistrering'],
  },
  Moetedeltaker: {
    common: ['id', 'version', 'uuid', 'opprettetDato', 'opprettetAv', 'opprettetAvBrukerIdent'],
    fields: { navn: 'string', funksjon: 'string' },
    refs: ['refMappe'],
  },
  Basisregistrering: {
    common: ['id', 'version', 'uuid', 'opprettetDato', 'opprettetAv', 'opprettetAvBrukerIdent', 'avsluttetDato', 'avsluttetAv', 'avsluttetAvBrukerIdent'],
    fields: { registreringsIdent: 'string', tittel: 'string', offentligTittel: 'string', beskrivelse: 'string', forfatter: 'string', publiseringsstatus: 'string', eInnsynStatus: 'string', dokumentmedium: 'string', journalansvarlig: 'string', journalansvarligBrukerIdent: 'string', registreringsDato: 'date', dokumentetsDato: 'date', forfallsdato: 'date', kassasjonsvedtak: 'string', kassasjonshjemmel: 'string', bevaringstid: 'number', skjerming: 'string', virksomhetsspesifikkeMetadata: 'object' },
    refs: ['refArkivdel', 'refMappe', 'refKorrespondansepart', 'refDokument', 'refPrimaerKlasse', 'refSekundaerKlasse', 'refEksternId', 'refNoekkelord', 'refMerknad', 'refNasjonalIdentifikator', 'refKryssreferanseTilMappe', 'refKryssreferanseFraMappe', 'refKryssreferanseTilRegistrering', 'refKryssreferanseFraRegistrering'],
  },
  Moeteregistrering: {
    common: ['id', 'version', 'uuid', 'opprettetDato', 'opprettetAv', 'opprettetAvBrukerIdent', 'avsluttetDato', 'avsluttetAv', 'avsluttetAvBrukerIdent'],
    fields: { registreringsIdent: 'string', tittel: 'string', offentligTittel: 'string', beskrivelse: 'string', forfatter: 'string', publiseringsstatus: 'string', eInnsynStatus: 'string', dokumentmedium: 'string', journalansvarlig: 'string', journalansvarligBrukerIdent: 'string', registreringsDato: 'date', dokumentetsDato: 'date', forfallsdato: 'date', saksbehandler: 'string', saksnummer: 'string', administrativEnhet: 'string', moeteregistreringstype: 'string', moetesakstype: 'string', moeteregistreringsstatus: 'string', kassasjonsvedtak: 'string', kassasjonshjemmel: 'string', bevaringstid: 'number', skjerming: 'string', virksomhetsspesifikkeMetadata: 'object' },
    refs: ['refArkivdel', 'refMappe', 'refKorrespondansepart', 'refDokument', 'refPrimaerKlasse', 'refSekundaerKlasse', 'refEksternId', 'refNoekkelord', 'refMerknad', 'refNasjonalIdentifikator', 'refKryssreferanseTilMappe', 'refKryssreferanseFraMappe', 'refKryssreferanseTilRegistrering', 'refKryssreferanseFraRegistrering'],
  },
  Arkivnotat: {
    common: ['id', 'version', 'uuid', 'opprettetDato', 'opprettetAv', 'opprettetAvBrukerIdent', 'avsluttetDato', 'avsluttetAv', 'avsluttetAvBrukerIdent'],
    fields: { registreringsIdent: 'string', tittel: 'string', offentligTittel: 'string', beskrivelse: 'string', forfatter: 'string', publiseringsstatus: 'string', eInnsynStatus: 'string', dokumentmedium: 'string', journalansvarlig: 'string', journalansvarligBrukerIdent: 'string', registreringsDato: 'date', dokumentetsDato: 'date', forfallsdato: 'date', mottattDato: 'timestamp', sendtDato: 'timestamp', offentlighetsvurdertDato: 'date', kassasjonsvedtak: 'string', kassasjonshjemmel: 'string', bevaringstid: 'number', skjerming: 'string', virksomhetsspesifikkeMetadata: 'object' },
    refs: ['refArkivdel', 'refMappe', 'refKorrespondansepart', 'refDokument', 'refPrimaerKlasse', 'refSekundaerKlasse', 'refEksternId', 'refNoekkelord', 'refMerknad', 'refNasjonalIdentifikator', 'refKryssreferanseTilMappe', 'refKryssreferanseFraMappe', 'refKryssreferanseTilRegistrering', 'refKryssreferanseFraRegistrering'],
  },
  Journalpost: {
    common: ['id', 'version', 'uuid', 'opprettetDato', 'opprettetAv', 'opprettetAvBrukerIdent', 'avsluttetDato', 'avsluttetAv', 'avsluttetAvBrukerIdent'],
    fields: { prefiks: 'string', registreringsIdent: 'string', tittel: 'string', offentligTittel: 'string', beskrivelse: 'string', forfatter: 'string', publiseringsstatus: 'string', eInnsynStatus: 'string', dokumentmedium: 'string', journalaar: 'number', journalsekvensnummer: 'number', journalpostnummer: 'number', journalansvarlig: 'string', journalansvarligBrukerIdent: 'string', journalposttype: 'string', journalstatus: 'string', registreringsDato: 'date', dokumentetsDato: 'date', forfallsdato: 'date', mottattDato: 'timestamp', sendtDato: 'timestamp', offentlighetsvurdertDato: 'date', kassasjonsvedtak: 'string', kassasjonshjemmel: 'string', bevaringstid: 'number', skjermKorrespondanseParterEInnsyn: 'boolean', skjerming: 'string', virksomhetsspesifikkeMetadata: 'object' },
    refs: ['refMappe', 'refArkivdel', 'refKorrespondansepart', 'refDokument', 'refPrimaerKlasse', 'refSekundaerKlasse', 'refEksternId', 'refDokumentflyt', 'refNoekkelord', 'refAvskrivning', 'refTilknyttetAvskrivning', 'refMerknad', 'refNasjonalIdentifikator', 'refKryssreferanseTilMappe', 'refKryssreferanseFraMappe', 'refKryssreferanseTilRegistrering', 'refKryssreferanseFraRegistrering', 'refPresedens'],
  },
  Korrespondansepart: {
    common: ['id', 'version', 'uuid', 'opprettetDato', 'opprettetAv', 'opprettetAvBrukerIdent'],
    fields: { korrespondanseparttype: 'string', korrespondansepartNavn: 'string', foedselsnummer: 'string', organisasjonsnummer: 'string', dnummer: 'string', postadresse: 'string', postnummer: 'string', poststed: 'string', land: 'string', epostadresse: 'string', telefonnummer: 'string', kontaktperson: 'string', saksbehandler: 'string', erPerson: 'boolean', administrativEnhet: 'string', ekspederingskanal: 'string', skjermEInnsyn: 'boolean', virksomhetsspesifikkeMetadata: 'object' },
    refs: ['refRegistrering'],
  },
  Dokumentflyt: {
    common: ['id', 'version', 'uuid', 'opprettetDato', 'opprettetAv', 'opprettetAvBrukerIdent'],
    fields: { flytFra: 'string', flytFraBrukerIdent: 'string', flytTil: 'string', flytTilBrukerIdent: 'string', flytMottattDato: 'timestamp', flytSendtDato: 'timestamp', flytMerknad: 'string', flytStatus: 'string' },
    refs: ['refArkivnotat', 'refJournalpost'],
  },
  Avskrivning: {
    common: ['id', 'version', 'uuid', 'opprettetDato', 'opprettetAv', 'opprettetAvBrukerIdent'],
    fields: { avskrivningsmaate: 'string' },
    refs: ['refJournalpost', 'refTilknyttetJournalpost'],
  },
  Dokument: {
    common: ['id', 'version', 'uuid', 'opprettetDato', 'opprettetAv', 'opprettetAvBrukerIdent', 'avsluttetDato', 'avsluttetAv', 'avsluttetAvBrukerIdent'],
    fields: { dokumenttype: 'string', dokumentstatus: 'string', tittel: 'string', beskrivelse: 'string', forfatter: 'string', dokumentmedium: 'string', tilknyttetRegistreringSom: 'string', dokumentnummer: 'number', kassasjonsvedtak: 'string', kassasjonshjemmel: 'string', bevaringstid: 'number', skjerming: 'string', forventetKassasjonsDato: 'timestamp', kassertDato: 'timestamp', kassertAv: 'string', kassertAvBrukerIdent: 'string', virksomhetsspesifikkeMetadata: 'object' },
    refs: ['refRegistrering', 'refDokumentversjon', 'refEksternId', 'refMerknad'],
  },
  Dokumentversjon: {
    common: ['id', 'version', 'uuid', 'opprettetDato', 'opprettetAv', 'opprettetAvBrukerIdent'],
    fields: { versjonsnummer: 'number', variantformat: 'string', format: 'string', formatDetaljer: 'string', sjekksum: 'string', sjekksumAlgoritme: 'string', filstoerrelse: 'number', kryptertDokument: 'boolean', filnavn: 'string', innholdstype: 'string', referanseDokumentfil: 'string' },
    refs: ['refDokument', 'refEksternId'],
  },
  Adresse: {
    common: ['id', 'version', 'uuid', 'opprettetDato', 'opprettetAv', 'opprettetAvBrukerIdent'],
    fields: { beskrivelse: 'string', adresseKnr: 'string', postnr: 'string', poststed: 'string', adressenavn: 'string', nummer: 'string', adressekode: 'string', alternativAdresse: 'string' },
    refs: ['refMappe', 'refRegistrering'],
  },
  Bygning: {
    common: ['id', 'version', 'uuid', 'opprettetDato', 'opprettetAv', 'opprettetAvBrukerIdent'],
    fields: { beskrivelse: 'string', bygningsnummer: 'string', endringsloepenummer: 'string', bygningsStatus: 'string', bygningsType: 'string', bygningsendringsType: 'string', koordinatsystem: 'string', koordX: 'string', koordY: 'string', koordZ: 'string', etasjeNummer: 'string', etasjeplan: 'string', bygningsnavn: 'string', bruksenhetLoepenr: 'string' },
    refs: ['refMappe', 'refRegistrering'],
  },
  Eiendom: {
    common: ['id', 'version', 'uuid', 'opprettetDato', 'opprettetAv', 'opprettetAvBrukerIdent'],
    fields: { beskrivelse: 'string', knr: 'string', gnr: 'string', bnr: 'string', fnr: 'string', snr: 'string', bruksnavn: 'string' },
    refs: ['refMappe', 'refRegistrering'],
  },
  Plan: {
    common: ['id', 'version', 'uuid', 'opprettetDato', 'opprettetAv', 'opprettetAvBrukerIdent'],
    fields: { beskrivelse: 'string', planident: 'string', planKommunenummer: 'string', planLandskode: 'string', planFylkesnummer: 'string', plannavn: 'string', plantype: 'string', planstatus: 'string', lovreferanse: 'string' },
    refs: ['refMappe', 'refRegistrering'],
  },
  Presedens: {
    common: ['id', 'version', 'uuid', 'opprettetDato', 'opprettetAv', 'opprettetAvBrukerIdent'],
    fields: { title: 'string', beskrivelse: 'string', presedensDato: 'date', presedensGodkjentDato: 'timestamp', presedensGodkjentAv: 'string', presedensGodkjentAvBrukerIdent: 'string', presedensStatus: 'string', presedensHjemmel: 'string', rettskildefaktor: 'string' },
    refs: ['refSaksmappe', 'refJournalpost'],
  },
  EksternId: {
    common: ['id', 'version', 'uuid', 'opprettetDato', 'opprettetAv', 'opprettetAvBrukerIdent'],
    fields: { eksterntSystem: 'string', eksternID: 'string' },
    refs: ['refMappe', 'refRegistrering', 'refDokument', 'refDokumentversjon'],
  },
  Noekkelord: {
    common: ['id', 'version', 'uuid', 'opprettetDato', 'opprettetAv', 'opprettetAvBrukerIdent'],
    fields: { verdi: 'string' },
    refs: ['refMappe', 'refRegistrering'],
  },
  Merknad: {
    common: [],
    fields: { tekst: 'string', merknadstype: 'string' },
    refs: ['refMappe', 'refRegistrering', 'refDokument'],
  },
};
