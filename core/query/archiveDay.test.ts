/**
 * The one meaning of dates and timestamps across field types (archiveDay.ts): a timestamp on a
 * date field is its date in Europe/Oslo, whatever offset it is written with; the time of day is
 * dropped. Summer (+0200) and winter (+0100) both, and the checker's message and fix.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { noarkModel } from '../schema/index';
import { archiveOffsetMinutes, timestampArchiveDate, timestampDateMeaning } from './archiveDay';
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

describe('the offset of a zone at an instant', () => {
  /** Straight from Intl, as archiveOffsetMinutes asks it when it knows nothing of the hour. */
  function intlOffset(ms: number, timeZone: string): number {
    const parts: Record<string, number> = {};
    const format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    for (const p of format.formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
    return Math.round((Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - Math.floor(ms / 1000) * 1000) / 60000);
  }

  it('is right on both sides of a clock change, also once the hour is known', () => {
    // Oslo: summer time from 01:00 UTC on 2024-03-31, back at 01:00 UTC on 2024-10-27;
    // Adelaide changes at half past (UTC 16:30); Amsterdam in 1937 moved 28 s past a minute.
    const changes: [string, string][] = [
      ['Europe/Oslo', '2024-03-31T01:00:00.000Z'],
      ['Europe/Oslo', '2024-10-27T01:00:00.000Z'],
      ['Australia/Adelaide', '2024-10-05T16:30:00.000Z'],
      ['Europe/Amsterdam', '1937-06-30T23:40:28.000Z'],
    ];
    for (const [zone, at] of changes) {
      const change = Date.parse(at);
      for (const delta of [-3_600_000, -60_000, -1_000, -1, 0, 1, 1_000, 60_000, 3_600_000]) {
        for (let round = 0; round < 2; round++) assert.equal(archiveOffsetMinutes(change + delta, zone), intlOffset(change + delta, zone), `${zone} ${at} ${delta} ms (round ${round})`);
      }
    }
    assert.equal(archiveOffsetMinutes(Date.parse('2024-03-31T00:59:59.999Z')), 60);
    assert.equal(archiveOffsetMinutes(Date.parse('2024-03-31T01:00:00.000Z')), 120);
  });
});
