/**
 * The demo archive's cases as plain data, before anything is written: what kind of case, when it
 * started, who handles it and which journal entries (with parties and documents) it gets over
 * time. Everything comes from one seeded generator, so the archive is the same on every run.
 */
import type { DemoLetter } from './demoFiles';
import type { SeededRandom } from './seededRandom';
import {
  associations,
  buildingMeasures,
  businesses,
  caseOfficers,
  firstNames,
  kindergartens,
  lastNames,
  municipality,
  newspaper,
  planAreas,
  police,
  schools,
  streets,
} from './demoVocabulary';

export type CaseKind = 'byggesak' | 'barnehageplass' | 'skjenkebevilling' | 'gravetillatelse' | 'tilskudd' | 'reguleringsplan' | 'startlaan' | 'eiendomsskatt' | 'innsyn' | 'skoleskyss';

export interface PartySpec {
  name: string;
  type: 'EA' | 'EM' | 'EK' | 'IA' | 'IM';
  person: boolean;
  address?: string;
  postnummer?: string;
  poststed?: string;
  email?: string;
  orgNumber?: string;
  unit?: string;
}

export interface DocumentSpec {
  title: string;
  format: 'pdf' | 'txt';
  letter: DemoLetter;
  attachment: boolean;
  /** A text draft (variant P) before the archived PDF (variant A). */
  draftFirst: boolean;
}

export interface EntrySpec {
  at: number;
  type: 'I' | 'U' | 'N' | 'X';
  title: string;
  publicTitle?: string;
  parties: PartySpec[];
  documents: DocumentSpec[];
  remark?: string;
}

export interface CaseSpec {
  kind: CaseKind;
  at: number;
  title: string;
  publicTitle?: string;
  classIdent: string;
  unit: string;
  officer: { name: string; ident: string };
  keywords: string[];
  external?: { system: string; prefix: string };
  property?: { gnr: string; bnr: string; address: string };
  plan?: { ident: string; name: string };
  measure?: string;
  entries: EntrySpec[];
  /** Cases whose decision was sent long enough ago are closed at the end of the seed. */
  closed: boolean;
}

const day = 86_400_000;

export function dateText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function norwegianDate(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
}

function person(rng: SeededRandom, type: PartySpec['type']): PartySpec {
  const name = `${rng.pick(firstNames)} ${rng.pick(lastNames)}`;
  return {
    name,
    type,
    person: true,
    address: `${rng.pick(streets)} ${rng.int(1, 60)}`,
    postnummer: municipality.postnummer,
    poststed: municipality.poststed,
    email: rng.chance(0.6) ? `${name.toLowerCase().replace(/ø/g, 'o').replace(/æ/g, 'ae').replace(/å/g, 'a').replace(/\s+/g, '.')}@epost.no` : undefined,
  };
}

function company(rng: SeededRandom, name: string, type: PartySpec['type']): PartySpec {
  return {
    name,
    type,
    person: false,
    address: `${rng.pick(streets)} ${rng.int(1, 40)}`,
    postnummer: municipality.postnummer,
    poststed: municipality.poststed,
    orgNumber: String(rng.int(911_000_000, 999_999_999)),
    email: `post@${name.toLowerCase().replace(/ as$/, '').replace(/ø/g, 'o').replace(/æ/g, 'ae').replace(/å/g, 'a').replace(/[^a-z0-9]+/g, '')}.no`,
  };
}

function internal(officer: { name: string }, unit: string, type: 'IA' | 'IM'): PartySpec {
  return { name: officer.name, type, person: true, unit };
}

function letter(from: string, to: string, at: number, heading: string, paragraphs: string[], signature: string): DemoLetter {
  return { from, to, date: norwegianDate(at), heading, paragraphs, signature };
}

function doc(title: string, format: DocumentSpec['format'], content: DemoLetter, attachment = false, draftFirst = false): DocumentSpec {
  return { title, format, letter: content, attachment, draftFirst };
}

interface Plan {
  title: string;
  publicTitle?: string;
  classIdent: string;
  unit: string;
  keywords: string[];
  external?: CaseSpec['external'];
  property?: CaseSpec['property'];
  plan?: CaseSpec['plan'];
  measure?: string;
  steps: ((at: number) => Omit<EntrySpec, 'at'>)[];
}

/** The life of one case of `kind`, as entries that follow each other by days or weeks. */
function planCase(kind: CaseKind, rng: SeededRandom, officer: { name: string; ident: string }): Plan {
  const kommune = municipality.name;
  const sign = `${officer.name}\n${kommune}`;
  switch (kind) {
    case 'byggesak': {
      const measure = rng.pick(buildingMeasures);
      const gnr = String(rng.int(1, 120));
      const bnr = String(rng.int(1, 400));
      const address = `${rng.pick(streets)} ${rng.int(1, 60)}`;
      const applicant = rng.chance(0.5) ? person(rng, 'EA') : company(rng, rng.pick(businesses), 'EA');
      const neighbour = person(rng, 'EA');
      const where = `${address}, gnr. ${gnr} bnr. ${bnr}`;
      return {
        title: `Byggesak – ${where} – ${measure.title}`,
        classIdent: '11',
        unit: 'PLB',
        keywords: ['byggesak', measure.keyword],
        external: { system: 'eByggesak', prefix: 'BS' },
        property: { gnr, bnr, address },
        measure: measure.title,
        steps: [
          (at) => ({
            type: 'I',
            title: `Søknad om tillatelse til tiltak – ${measure.title} – ${where}`,
            parties: [applicant],
            documents: [
              doc('Søknad om tillatelse til tiltak', 'pdf', letter(applicant.name, `${kommune}, Plan og bygg`, at, `Søknad om tillatelse til tiltak – ${measure.title}`, [
                `Det søkes om tillatelse til ${measure.title} på eiendommen ${where} i ${kommune}.`,
                'Søknaden gjelder byggesak etter plan- og bygningsloven § 20-3. Situasjonsplan, tegninger og nabovarsel er vedlagt.',
                'Tiltaket er i tråd med gjeldende reguleringsplan, og det søkes ikke om dispensasjon.',
              ], applicant.name)),
              doc('Situasjonsplan og tegninger', 'pdf', letter(applicant.name, kommune, at, 'Vedlegg: situasjonsplan', [`Situasjonsplan for ${measure.title}, ${where}. Målestokk 1:500. Avstand til nabogrense minst 4 meter.`], applicant.name), true),
            ],
          }),
          (at) => ({
            type: 'I',
            title: `Nabomerknad til byggesøknad – ${where}`,
            parties: [neighbour],
            documents: [doc('Nabomerknad', 'txt', letter(neighbour.name, kommune, at, 'Merknad til nabovarsel', [`Jeg har mottatt nabovarsel om ${measure.title} på ${where}.`, 'Tiltaket vil ta utsikt og sol fra min eiendom. Jeg ber kommunen vurdere plasseringen i byggesaken på nytt.'], neighbour.name))],
            remark: rng.chance(0.5) ? 'Nabomerknaden er oversendt tiltakshaver for kommentar.' : undefined,
          }),
          (at) => ({
            type: 'U',
            title: `Vedtak – tillatelse til tiltak – ${measure.title} – ${where}`,
            parties: [{ ...applicant, type: 'EM' }, { ...neighbour, type: 'EK' }],
            documents: [
              doc('Vedtak om tillatelse til tiltak', 'pdf', letter(`${kommune}, Plan og bygg`, applicant.name, at, 'Vedtak – tillatelse til tiltak', [
                `${kommune} gir tillatelse til ${measure.title} på ${where}, jf. plan- og bygningsloven § 20-3 og § 21-4.`,
                'Nabomerknaden er vurdert. Tiltaket er innenfor reguleringsplanens rammer, og merknaden gir ikke grunnlag for å avslå byggesaken.',
                'Vedtaket kan påklages innen tre uker fra det er mottatt.',
              ], sign), false, true),
            ],
          }),
        ],
      };
    }
    case 'barnehageplass': {
      const parent = person(rng, 'EA');
      const kindergarten = rng.pick(kindergartens);
      const year = 'barnehageåret 2024/2025';
      return {
        title: `Søknad om barnehageplass – ${kindergarten} – ${parent.name}`,
        publicTitle: `Søknad om barnehageplass – ${kindergarten} – *****`,
        classIdent: '21',
        unit: 'OPP',
        keywords: ['barnehageplass', kindergarten],
        external: { system: 'Visma Flyt Barnehage', prefix: 'VFB' },
        steps: [
          (at) => ({
            type: 'I',
            title: `Søknad om barnehageplass – ${kindergarten}`,
            publicTitle: 'Søknad om barnehageplass – *****',
            parties: [parent],
            documents: [doc('Søknad om barnehageplass', 'txt', letter(parent.name, `${kommune}, Oppvekst`, at, 'Søknad om barnehageplass', [`Jeg søker om barnehageplass i ${kindergarten} fra august, ${year}.`, 'Ønsket oppholdstid er full plass, fem dager i uken. Søsken går allerede i barnehagen.'], parent.name))],
          }),
          (at) => ({
            type: 'U',
            title: `Tilbud om barnehageplass i ${kindergarten}`,
            publicTitle: 'Tilbud om barnehageplass – *****',
            parties: [{ ...parent, type: 'EM' }],
            documents: [doc('Tilbud om barnehageplass', 'pdf', letter(`${kommune}, Oppvekst`, parent.name, at, 'Tilbud om barnehageplass', [`Vi har gleden av å tilby barnehageplass i ${kindergarten} fra 15. august, ${year}.`, 'Svar på tilbudet innen to uker. Plassen regnes som takket ja til når svarfristen er ute.'], sign))],
          }),
          (at) => ({
            type: 'I',
            title: 'Svar på tilbud om barnehageplass – takker ja',
            publicTitle: 'Svar på tilbud om barnehageplass – *****',
            parties: [parent],
            documents: [doc('Svar på tilbud', 'txt', letter(parent.name, kommune, at, 'Svar på tilbud om barnehageplass', [`Vi takker ja til tilbudet om barnehageplass i ${kindergarten}.`], parent.name))],
          }),
        ],
      };
    }
    case 'skjenkebevilling': {
      const business = rng.pick(businesses.filter((b) => /Restaurant|kafe|pub|Vinhus/i.test(b)));
      const applicant = company(rng, business, 'EA');
      const policeParty: PartySpec = { name: police, type: 'EM', person: false, address: 'Postboks 200', postnummer: '5804', poststed: 'Bergen', email: 'post.vest@politiet.no' };
      return {
        title: `Søknad om skjenkebevilling – ${business}`,
        classIdent: '41',
        unit: 'NÆR',
        keywords: ['skjenkebevilling', 'alkoholloven'],
        steps: [
          (at) => ({
            type: 'I',
            title: `Søknad om alminnelig skjenkebevilling – ${business}`,
            parties: [applicant],
            documents: [doc('Søknad om skjenkebevilling', 'pdf', letter(business, kommune, at, 'Søknad om skjenkebevilling', [`${business} søker om alminnelig skjenkebevilling for øl, vin og brennevin etter alkoholloven § 1-7.`, 'Styrer og stedfortreder har bestått kunnskapsprøven. Skjenketider ønskes som i kommunens forskrift.'], business))],
          }),
          (at) => ({
            type: 'U',
            title: `Høring – søknad om skjenkebevilling – ${business}`,
            parties: [policeParty],
            documents: [doc('Høringsbrev til politiet', 'txt', letter(kommune, police, at, 'Høring – søknad om skjenkebevilling', [`Vedlagt følger søknad om skjenkebevilling fra ${business}. Vi ber om politiets uttalelse innen tre uker.`], sign))],
          }),
          (at) => ({
            type: 'I',
            title: `Uttalelse fra politiet – skjenkebevilling – ${business}`,
            parties: [{ ...policeParty, type: 'EA' }],
            documents: [doc('Uttalelse fra politiet', 'pdf', letter(police, kommune, at, 'Uttalelse – søknad om skjenkebevilling', ['Politiet har ingen merknader til søknaden om skjenkebevilling.'], 'Politioverbetjent Rune Sandvik'))],
          }),
          (at) => ({
            type: 'U',
            title: `Vedtak – skjenkebevilling – ${business}`,
            parties: [{ ...applicant, type: 'EM' }, { ...policeParty, type: 'EK' }],
            documents: [doc('Vedtak om skjenkebevilling', 'pdf', letter(kommune, business, at, 'Vedtak om skjenkebevilling', [`${business} får alminnelig skjenkebevilling for perioden fram til 30. september 2028.`, 'Bevillingen gis på vilkår av at alkohollovens bestemmelser følges.'], sign))],
          }),
        ],
      };
    }
    case 'gravetillatelse': {
      const contractor = company(rng, rng.pick(businesses.filter((b) => /Graving|Entreprenør|Rør|Elektro/.test(b))), 'EA');
      const street = rng.pick(streets);
      return {
        title: `Søknad om gravetillatelse – ${street}`,
        classIdent: '51',
        unit: 'TEK',
        keywords: ['gravetillatelse', street],
        steps: [
          (at) => ({
            type: 'I',
            title: `Søknad om gravetillatelse – ${street}`,
            parties: [contractor],
            documents: [doc('Søknad om gravetillatelse', 'txt', letter(contractor.name, kommune, at, 'Søknad om gravetillatelse', [`Vi søker om tillatelse til å grave i kommunal veg i ${street} for legging av fiber og vannledning.`, 'Arbeidet er planlagt over to uker. Arbeidsvarslingsplan er vedlagt.'], contractor.name))],
          }),
          (at) => ({
            type: 'U',
            title: `Gravetillatelse – ${street}`,
            parties: [{ ...contractor, type: 'EM' }],
            documents: [doc('Gravetillatelse', 'pdf', letter(kommune, contractor.name, at, 'Gravetillatelse', [`${contractor.name} gis tillatelse til graving i ${street}. Vegen skal settes i stand etter kommunens retningslinjer.`], sign))],
          }),
        ],
      };
    }
    case 'tilskudd': {
      const association = rng.pick(associations);
      const party = company(rng, association, 'EA');
      return {
        title: `Søknad om kulturtilskudd – ${association}`,
        classIdent: '42',
        unit: 'NÆR',
        keywords: ['tilskudd', 'frivillighet'],
        steps: [
          (at) => ({
            type: 'I',
            title: `Søknad om tilskudd til lag og foreninger – ${association}`,
            parties: [party],
            documents: [doc('Søknad om tilskudd', 'txt', letter(association, kommune, at, 'Søknad om kulturtilskudd', [`${association} søker om tilskudd til drift og aktiviteter for barn og unge.`, `Omsøkt beløp er kr ${rng.int(10, 80) * 1000}.`], association))],
          }),
          (at) => ({
            type: 'U',
            title: `Vedtak om tilskudd – ${association}`,
            parties: [{ ...party, type: 'EM' }],
            documents: [doc('Vedtak om tilskudd', 'pdf', letter(kommune, association, at, 'Vedtak om kulturtilskudd', [`${association} tildeles kulturtilskudd. Tilskuddet utbetales innen 30 dager.`], sign))],
          }),
        ],
      };
    }
    case 'reguleringsplan': {
      const area = rng.pick(planAreas);
      const consultant = company(rng, rng.pick(['Norconsult AS', 'Asplan Viak AS', 'Sweco Norge AS']), 'EA');
      const neighbour = person(rng, 'EA');
      const ident = `${municipality.number}${rng.int(2023, 2024)}${String(rng.int(1, 20)).padStart(3, '0')}`;
      return {
        title: `Detaljregulering for ${area}`,
        classIdent: '12',
        unit: 'PLB',
        keywords: ['reguleringsplan', area],
        plan: { ident, name: `Detaljregulering for ${area}` },
        steps: [
          (at) => ({
            type: 'N',
            title: `Referat fra oppstartsmøte – detaljregulering for ${area}`,
            parties: [internal(officer, 'PLB', 'IA'), { ...consultant, type: 'EK' }],
            documents: [doc('Referat fra oppstartsmøte', 'txt', letter(`${kommune}, Plan og bygg`, consultant.name, at, 'Referat fra oppstartsmøte', [`Oppstartsmøte om detaljregulering for ${area}. Planområdet, krav til konsekvensutredning og medvirkning ble gjennomgått.`], sign))],
          }),
          (at) => ({
            type: 'U',
            title: `Varsel om oppstart av planarbeid – ${area}`,
            parties: [{ ...neighbour, type: 'EM' }],
            documents: [doc('Varsel om oppstart av planarbeid', 'pdf', letter(kommune, 'Naboer og berørte myndigheter', at, 'Varsel om oppstart av planarbeid', [`Det varsles oppstart av arbeid med detaljregulering for ${area}, jf. plan- og bygningsloven § 12-8.`, 'Merknader sendes kommunen innen fire uker.'], sign))],
          }),
          (at) => ({
            type: 'I',
            title: `Merknad til varsel om oppstart – ${area}`,
            parties: [neighbour],
            documents: [doc('Merknad til planoppstart', 'txt', letter(neighbour.name, kommune, at, 'Merknad til oppstart av planarbeid', [`Jeg er nabo til planområdet ${area} og ber om at trafikksikkerhet og grøntområder vurderes i reguleringsplanen.`], neighbour.name))],
          }),
        ],
      };
    }
    case 'startlaan': {
      const applicant = person(rng, 'EA');
      return {
        title: `Søknad om startlån – ${applicant.name}`,
        publicTitle: 'Søknad om startlån – *****',
        classIdent: '31',
        unit: 'HO',
        keywords: ['startlån'],
        steps: [
          (at) => ({
            type: 'I',
            title: 'Søknad om startlån',
            publicTitle: 'Søknad om startlån – *****',
            parties: [applicant],
            documents: [doc('Søknad om startlån', 'txt', letter(applicant.name, kommune, at, 'Søknad om startlån', [`Jeg søker om startlån på kr ${rng.int(5, 30) * 100_000} til kjøp av første bolig.`], applicant.name))],
          }),
          (at) => ({
            type: 'U',
            title: 'Vedtak om startlån',
            publicTitle: 'Vedtak om startlån – *****',
            parties: [{ ...applicant, type: 'EM' }],
            documents: [doc('Vedtak om startlån', 'pdf', letter(kommune, applicant.name, at, 'Vedtak om startlån', ['Søknaden om startlån er innvilget. Lånetilsagnet gjelder i fire måneder.'], sign))],
          }),
        ],
      };
    }
    case 'eiendomsskatt': {
      const owner = person(rng, 'EA');
      const gnr = String(rng.int(1, 120));
      const bnr = String(rng.int(1, 400));
      const address = owner.address ?? rng.pick(streets);
      return {
        title: `Klage på eiendomsskatt – gnr. ${gnr} bnr. ${bnr}`,
        classIdent: '61',
        unit: 'ØKO',
        keywords: ['eiendomsskatt', 'klage'],
        property: { gnr, bnr, address },
        steps: [
          (at) => ({
            type: 'I',
            title: `Klage på takst for eiendomsskatt – gnr. ${gnr} bnr. ${bnr}`,
            parties: [owner],
            documents: [doc('Klage på eiendomsskatt', 'txt', letter(owner.name, kommune, at, 'Klage på eiendomsskattetakst', [`Jeg klager på takseringen av eiendommen gnr. ${gnr} bnr. ${bnr}. Boligen er vurdert for høyt.`], owner.name))],
          }),
          (at) => ({
            type: 'U',
            title: `Svar på klage – eiendomsskatt – gnr. ${gnr} bnr. ${bnr}`,
            parties: [{ ...owner, type: 'EM' }],
            documents: [doc('Svar på klage', 'pdf', letter(kommune, owner.name, at, 'Klage på eiendomsskatt – svar', ['Sakkyndig klagenemnd har behandlet klagen. Taksten er redusert med 10 prosent.'], sign))],
          }),
        ],
      };
    }
    case 'innsyn': {
      const journalist: PartySpec = { name: newspaper.name, type: 'EA', person: false, email: newspaper.email, address: 'Havnegata 4', postnummer: municipality.postnummer, poststed: municipality.poststed };
      const topic = rng.pick(['skjenkebevillinger 2023', 'byggesaker i Havnefronten', 'reiseregninger for ordføreren', 'avtalen om ny brannstasjon']);
      return {
        title: `Innsynskrav – ${topic}`,
        classIdent: '81',
        unit: 'SER',
        keywords: ['innsyn', 'offentlighetsloven'],
        steps: [
          (at) => ({
            type: 'I',
            title: `Innsynskrav – ${topic}`,
            parties: [journalist],
            documents: [doc('Innsynskrav', 'txt', letter(newspaper.contact, kommune, at, 'Innsynskrav', [`Vi ber om innsyn i dokumenter om ${topic}, jf. offentleglova § 3.`], newspaper.contact))],
          }),
          (at) => ({
            type: 'U',
            title: `Svar på innsynskrav – ${topic}`,
            parties: [{ ...journalist, type: 'EM' }],
            documents: [doc('Svar på innsynskrav', 'txt', letter(kommune, newspaper.name, at, 'Svar på innsynskrav', ['Innsyn er gitt i de etterspurte dokumentene. Enkelte opplysninger er unntatt etter offentleglova § 13.'], sign))],
          }),
        ],
      };
    }
    case 'skoleskyss': {
      const parent = person(rng, 'EA');
      const school = rng.pick(schools);
      return {
        title: `Søknad om skoleskyss – ${school} – ${parent.name}`,
        publicTitle: `Søknad om skoleskyss – ${school} – *****`,
        classIdent: '22',
        unit: 'OPP',
        keywords: ['skoleskyss'],
        steps: [
          (at) => ({
            type: 'I',
            title: `Søknad om skoleskyss – ${school}`,
            publicTitle: 'Søknad om skoleskyss – *****',
            parties: [parent],
            documents: [doc('Søknad om skoleskyss', 'txt', letter(parent.name, kommune, at, 'Søknad om skoleskyss', [`Vi søker om gratis skoleskyss til ${school} på grunn av særlig farlig skoleveg.`], parent.name))],
          }),
          (at) => ({
            type: 'U',
            title: `Vedtak om skoleskyss – ${school}`,
            publicTitle: 'Vedtak om skoleskyss – *****',
            parties: [{ ...parent, type: 'EM' }],
            documents: [doc('Vedtak om skoleskyss', 'pdf', letter(kommune, parent.name, at, 'Vedtak om skoleskyss', ['Eleven har rett til gratis skoleskyss etter opplæringslova § 7-1.'], sign))],
          }),
        ],
      };
    }
  }
}

const kindWeights: [CaseKind, number][] = [
  ['byggesak', 30],
  ['barnehageplass', 14],
  ['skjenkebevilling', 8],
  ['gravetillatelse', 10],
  ['tilskudd', 10],
  ['reguleringsplan', 5],
  ['startlaan', 8],
  ['eiendomsskatt', 7],
  ['innsyn', 4],
  ['skoleskyss', 4],
];

export function pickKind(rng: SeededRandom): CaseKind {
  const total = kindWeights.reduce((sum, [, w]) => sum + w, 0);
  let x = rng.next() * total;
  for (const [kind, weight] of kindWeights) {
    x -= weight;
    if (x < 0) return kind;
  }
  return 'byggesak';
}

/** One case starting at `at`; entries that would fall after `end` are not (yet) written. */
export function buildCase(kind: CaseKind, at: number, end: number, rng: SeededRandom): CaseSpec {
  const officer = rng.pick(caseOfficers);
  const plan = planCase(kind, rng, officer);
  const entries: EntrySpec[] = [];
  let time = at;
  for (let i = 0; i < plan.steps.length; i++) {
    if (i > 0) time += rng.int(3, 35) * day + rng.int(0, 5) * 3_600_000;
    if (time > end) break;
    entries.push({ at: time, ...plan.steps[i](time) });
  }
  const done = entries.length === plan.steps.length;
  return {
    kind,
    at,
    title: plan.title,
    publicTitle: plan.publicTitle,
    classIdent: plan.classIdent,
    unit: plan.unit,
    officer,
    keywords: plan.keywords,
    external: plan.external,
    property: plan.property,
    plan: plan.plan,
    measure: plan.measure,
    entries,
    closed: done && end - time > 60 * day,
  };
}
