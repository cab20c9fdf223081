/** A `.noarkq` file with one of everything the outline and folding show; line numbers in the
 * comments are what the tests expect. */
export const outlineSample = [
  '@year = 2024', //                                   0
  '',
  '### findCase Look up the case', //                  2
  'QUERY Saksmappe',
  'WHERE saksaar = @year',
  '  && sakssekvensnummer = @seq', //                  5
  'JOIN #k1 = refSekundaerKlasse',
  '',
  '### register', //                                   8
  '# what this does,',
  '# over two lines',
  '@title = "Søknad"',
  'TRANSACTION',
  '{', //                                              13
  '  "actions": [',
  '    { "action": "save", "type": "Journalpost", "id": "jp",',
  '      "fields": { "tittel": "{{title}}" } },',
  '    { "action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe", "linkToId": "{{findCase.results[0].id}}" }',
  '  ]',
  '}', //                                              19
  '',
  '###',
  'UPLOAD ./files/a.pdf', //                           22
  '',
].join('\n');
