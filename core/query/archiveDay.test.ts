/**
 * The one meaning of dates and timestamps across field types (archiveDay.ts): a timestamp on a
 * date field is its date in Europe/Oslo, whatever offset it is written with; the time of day is
 * dropped. Summer (+0200) and winter (+0100) both, and the checker's message and fix.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { noarkModel } from '../schema/index';
import { timestampArchiveDate, timestampDateMeaning } from './archiveDay';
import { checkDocument, parseDocument } from '../document';

describe('a timestamp on a date field', () => {
  it('is its date in the archive zone, read with any offset form', () => {
    assert.equal(timestampArchiveDate('2024-08-01T00:00:00.000+0200'), '2024-08-01');
    assert.equal(timestampArchiveDate('2024-08-01T00:00:00.000+02:00'), '2024-08-01');
    assert.equal(timestampArchiveDate('2024-07-31T22:00:00Z'), '2024-08-01', 'midnight in Oslo, the evening before in UTC');
    assert.equal(timestampArchiveDate('2024-07-31T21:59:59.999Z'), '2024-07-31');
    assert.equal(timestampArchiveDate('2024-01-15T23:30:00.000+0100'), '2024-01-15', 'winter time');
    assert.equal(timestampArchiveDate('2024-01-15T23:30:00'), '2024-01-16', 'no offset is UTC, 00:30 in Oslo');
    for (const bad of ['2024-08-01', '2024-02-30T00:00:00Z', '2024-08-01T25:00:00Z', 'yesterday']) assert.equal(timestampArchiveDate(bad), undefined, bad);
  });

  it('is described the same in words everywhere, saying when a time of day is dropped', () => {
    assert.equal(timestampDateMeaning('2024-08-01T00:00:00.000+0200'), `"2024-08-01T00:00:00.000+0200" stands for the date 2024-08-01, its date in the archive's time zone (Europe/Oslo).`);
    assert.match(timestampDateMeaning('2024-08-01T14:00:00.000+0200')!, /the date 2024-08-01, .*; its time of day is not compared\.$/);
  });

  it('is reported as information with a fix to the date, where it is used', () => {
    const text = '### a\n@from = "2024-07-31T22:00:00.000Z"\n@to = "2024-08-31"\nQUERY Saksmappe\nWHERE saksdato = [@from:@to]\n';
    const diagnostics = checkDocument(parseDocument(text), { model: noarkModel });
    const d = diagnostics.find((x) => x.code === 'noarkq.param-timestamp-on-date');
    assert.ok(d, JSON.stringify(diagnostics));
    assert.equal(d.severity, 'information');
    assert.equal(text.slice(d.start, d.end), '@from');
    assert.ok(text.lastIndexOf('@from') === d.start, 'said where it is used');
    assert.match(d.message, /stands for the date 2024-08-01.*The date "2024-08-01" says the same\./);
    assert.deepEqual(d.fixes?.[0]?.edits.map((e) => [text.slice(e.start, e.end), e.newText]), [['"2024-07-31T22:00:00.000Z"', '"2024-08-01"']]);
    assert.deepEqual(diagnostics.filter((x) => x.severity === 'error'), []);
  });
});
