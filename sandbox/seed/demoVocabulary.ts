/**
 * The words of the demo archive: a fictional Norwegian municipality ("Fjordvik kommune",
 * kommunenummer 4699), its people, streets, businesses and the kinds of cases it handles. Names
 * are invented; any likeness to real persons is chance.
 */

export const municipality = {
  name: 'Fjordvik kommune',
  number: '4699',
  orgNumber: '964 981 234',
  address: 'Rådhusplassen 1',
  postnummer: '5730',
  poststed: 'Fjordvik',
};

export const firstNames = ['Ola', 'Kari', 'Per', 'Ingrid', 'Lars', 'Silje', 'Jon', 'Marit', 'Anders', 'Hanne', 'Erik', 'Nora', 'Magnus', 'Ida', 'Sindre', 'Tone', 'Håkon', 'Åse', 'Øystein', 'Solveig', 'Bjørn', 'Liv', 'Eirik', 'Randi', 'Torbjørn', 'Gunhild', 'Vegard', 'Thea', 'Knut', 'Siri'];
export const lastNames = ['Nordmann', 'Hansen', 'Johansen', 'Olsen', 'Larsen', 'Berg', 'Haugen', 'Bakke', 'Solberg', 'Dahl', 'Lie', 'Strand', 'Lunde', 'Moen', 'Sæther', 'Myklebust', 'Fjeld', 'Brekke', 'Vik', 'Aasen', 'Nygård', 'Rønning', 'Kvamme', 'Tveit', 'Hauge', 'Øvrebø'];
export const streets = ['Storgata', 'Kirkevegen', 'Fjordvegen', 'Skolebakken', 'Granlia', 'Sjøgata', 'Bjørkeåsen', 'Løvstien', 'Industrivegen', 'Myrvegen', 'Solbakken', 'Havnegata', 'Kvernhusvegen', 'Brattlia', 'Elvebakken'];

export const caseOfficers = [
  { name: 'Kari Bakke', ident: 'kba' },
  { name: 'Tor Haugland', ident: 'tha' },
  { name: 'Siri Kvamme', ident: 'skv' },
  { name: 'Anders Moen', ident: 'amo' },
  { name: 'Hilde Rønning', ident: 'hro' },
  { name: 'Petter Sæther', ident: 'psa' },
];

export interface AdministrativeUnit {
  code: string;
  name: string;
}

export const administrativeUnits: AdministrativeUnit[] = [
  { code: 'PLB', name: 'Plan og bygg' },
  { code: 'OPP', name: 'Oppvekst' },
  { code: 'NÆR', name: 'Næring og kultur' },
  { code: 'HO', name: 'Helse og omsorg' },
  { code: 'TEK', name: 'Teknisk drift' },
  { code: 'ØKO', name: 'Økonomi' },
  { code: 'POL', name: 'Politisk sekretariat' },
  { code: 'SER', name: 'Servicetorget' },
];

/** The classification system: top classes with nested subclasses (klasseIdent, tittel). */
export const classTree: { ident: string; title: string; children: { ident: string; title: string }[] }[] = [
  { ident: '1', title: 'Plan, bygg og geodata', children: [{ ident: '11', title: 'Byggesaker' }, { ident: '12', title: 'Reguleringsplaner' }] },
  { ident: '2', title: 'Oppvekst og utdanning', children: [{ ident: '21', title: 'Barnehage' }, { ident: '22', title: 'Grunnskole' }] },
  { ident: '3', title: 'Helse, sosial og omsorg', children: [{ ident: '31', title: 'Bolig og startlån' }] },
  { ident: '4', title: 'Næring, kultur og idrett', children: [{ ident: '41', title: 'Serverings- og skjenkebevillinger' }, { ident: '42', title: 'Tilskudd til lag og foreninger' }] },
  { ident: '5', title: 'Teknisk drift', children: [{ ident: '51', title: 'Veg, gate og trafikk' }] },
  { ident: '6', title: 'Økonomi', children: [{ ident: '61', title: 'Eiendomsskatt' }] },
  { ident: '7', title: 'Politisk styring', children: [{ ident: '71', title: 'Kommunestyret' }, { ident: '72', title: 'Formannskapet' }] },
  { ident: '8', title: 'Administrasjon', children: [{ ident: '81', title: 'Innsyn og arkiv' }] },
];

export const businesses = ['Fjordvik Bygg AS', 'Vestland Graving AS', 'Bryggekafeen AS', 'Restaurant Fjordlyset AS', 'Havnepuben AS', 'Kvernhuset Mat og Vinhus AS', 'Nordvik Elektro AS', 'Tømrer Tveit AS', 'Solbakken Entreprenør AS', 'Fjordvik Rør AS'];
export const associations = ['Fjordvik Idrettslag', 'Fjordvik Skolekorps', 'Historielaget Gamle Fjordvik', 'Fjordvik Sjakklubb', 'Bygdekvinnelaget', 'Fjordvik Turlag', 'Ungdomslaget Framtid'];
export const kindergartens = ['Solsikken barnehage', 'Fjordtroll barnehage', 'Granlia barnehage', 'Havgløtt barnehage'];
export const schools = ['Fjordvik skule', 'Brattlia skule'];
export const planAreas = ['Havnefronten', 'Granlia boligfelt', 'Kvernhusmyra næringsområde', 'Sentrum nord', 'Bjørkeåsen hyttefelt'];
export const buildingMeasures = [
  { title: 'oppføring av garasje', keyword: 'garasje' },
  { title: 'tilbygg til enebolig', keyword: 'tilbygg' },
  { title: 'riving av uthus', keyword: 'riving' },
  { title: 'bruksendring fra kontor til bolig', keyword: 'bruksendring' },
  { title: 'oppføring av fritidsbolig', keyword: 'fritidsbolig' },
  { title: 'terrasse og levegg', keyword: 'terrasse' },
  { title: 'oppføring av tomannsbolig', keyword: 'bolig' },
  { title: 'fasadeendring', keyword: 'fasade' },
];

export const police = 'Vest politidistrikt';
export const newspaper = { name: 'Fjordvik Avis', contact: 'Journalist Marte Lund', email: 'tips@fjordvik-avis.no' };
