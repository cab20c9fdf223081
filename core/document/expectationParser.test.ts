import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseBlock } from './blockParser';
import type { ParsedBlock } from './documentModel';
import type { Expectation, ExpectationPathSegment } from './expectationModel';

function block(...lines: string[]): ParsedBlock {
  return parseBlock(['### b', ...lines].join('\n'));
}

function codes(parsed: ParsedBlock): string[] {
  return parsed.diagnostics.map((d) => d.code);
}

function text(parsed: ParsedBlock, span: { start: number; end: number }): string {
  return parsed.text.slice(span.start, span.end);
}

function path(segments: readonly ExpectationPathSegment[]): string[] {
  return segments.map((s) => (s.kind === 'property' ? s.name : s.kind === 'index' ? `[${s.index}]` : '[*]'));
}

function only(parsed: ParsedBlock): Expectation {
  assert.equal(parsed.expectations.length, 1);
  return parsed.expectations[0];
}

describe('EXPECT lines', () => {
  it('reads the format doc\'s example after a query, and the query ends before them', () => {
    const p = block(
      'QUERY Saksmappe',
      'WHERE saksaar = @year',
      'LIMIT 1',
      'EXPECT status = 200',
      'EXPECT results.length = 1',
      'EXPECT results[0].fields.saksstatus = "B"',
      'EXPECT results[*].fields.saksaar = @year',
    );
    assert.deepEqual(p.diagnostics, []);
    assert.equal(p.request?.kind, 'query');
    assert.equal(text(p, p.request!), 'QUERY Saksmappe\nWHERE saksaar = @year\nLIMIT 1');
    const [status, length, field, each] = p.expectations;
    assert.equal(status.subject?.kind, 'status');
    assert.deepEqual(status.check?.test === 'compare' && status.check.value, { kind: 'json', value: 200, span: { start: status.end - 3, end: status.end } });
    assert.equal(length.subject?.kind === 'body' && path(length.subject.segments).join(' '), 'results length');
    assert.equal(field.check?.test === 'compare' && field.check.value.kind === 'json' && field.check.value.value, 'B');
    assert.equal(each.subject?.kind === 'body' && path(each.subject.segments).join(' '), 'results [*] fields saksaar');
    assert.deepEqual(each.check?.test === 'compare' && each.check.value, { kind: 'variable', name: 'year', span: { start: each.end - 5, end: each.end } });
    assert.equal(each.subject?.kind === 'body' && text(p, each.subject.segments[1]), '[*]');
  });

  it('ends a JSON body before the EXPECT lines, so the body stays valid', () => {
    const p = block('TRANSACTION', '{ "actions": [] }', 'EXPECT saved.jp.id exists', 'EXPECT time < 2000');
    assert.deepEqual(p.diagnostics, []);
    assert.equal(p.request?.kind, 'transaction');
    const body = p.request?.kind === 'transaction' ? p.request.body : undefined;
    assert.deepEqual(body?.value, { actions: [] });
    assert.equal(text(p, body!), '{ "actions": [] }');
    assert.equal(p.expectations[0].check?.test, 'exists');
    assert.equal(p.expectations[1].check?.test === 'compare' && p.expectations[1].check.operator.op, '<');
  });

  it('reads every operator, longest first, with or without blanks', () => {
    const ops = ['=', '!=', '<', '<=', '>', '>=', '%='].map((op) => {
      const e = only(block('GET info/me', `EXPECT total${op}1`));
      return e.check?.test === 'compare' ? e.check.operator.op : undefined;
    });
    assert.deepEqual(ops, ['=', '!=', '<', '<=', '>', '>=', '%=']);
  });

  it('reads header subjects, exists and absent in any case', () => {
    const p = block('GET info/me', 'EXPECT header content-type %= "application/json%"', 'expect errorId ABSENT');
    assert.deepEqual(p.diagnostics, []);
    const [h, a] = p.expectations;
    assert.equal(h.subject?.kind === 'header' && h.subject.name?.text, 'content-type');
    assert.equal(a.check?.test, 'absent');
  });

  it('reads a regular expression after ~ and reports one that does not compile', () => {
    const good = only(block('GET info/me', 'EXPECT name ~ /^Kari (Nord|Sør)/i'));
    assert.deepEqual(good.check?.test === 'compare' && good.check.value.kind === 'regex' && [good.check.value.source, good.check.value.flags], ['^Kari (Nord|Sør)', 'i']);
    assert.deepEqual(codes(block('GET info/me', 'EXPECT name ~ /(a/')), ['noarkq.invalid-regex']);
    assert.deepEqual(codes(block('GET info/me', 'EXPECT name ~ /a/q')), ['noarkq.invalid-regex']);
    assert.deepEqual(codes(block('GET info/me', 'EXPECT name ~ "a"')), ['noarkq.malformed-expectation']);
  });

  it('collects a {{reference}} value like any other reference', () => {
    const p = block('POST full-text/search', '{ "query": "x" }', 'EXPECT hits[0].id = {{register.saved.jp.id}}', 'EXPECT total = "n {{other.id}}"');
    assert.deepEqual(p.diagnostics, []);
    assert.deepEqual(p.references.map((r) => [r.name, r.context, r.wholeValue]), [['register', 'expectation', true], ['other', 'expectation', false]]);
    const e = p.expectations[0];
    assert.equal(e.check?.test === 'compare' && e.check.value.kind, 'reference');
  });

  it('reports malformed lines with their place and never throws on incomplete ones', () => {
    const cases: [string, string][] = [
      ['EXPECT', 'EXPECT'],
      ['EXPECT ', 'EXPECT'],
      ['EXPECT results[0].', '.'],
      ['EXPECT results[', '['],
      ['EXPECT results[x] = 1', '[x]'],
      ['EXPECT status', 'status'],
      ['EXPECT status =', '='],
      ['EXPECT status <> 1', '<>'],
      ['EXPECT header', 'header'],
      ['EXPECT total = hello', 'hello'],
      ['EXPECT total = @', '@'],
      ['EXPECT total exists now', 'now'],
      ['EXPECT ?x = 1', '?x'],
    ];
    for (const [line, squiggle] of cases) {
      const p = block('GET info/me', line);
      assert.equal(p.diagnostics.length, 1, line);
      assert.equal(p.diagnostics[0].code, 'noarkq.malformed-expectation', line);
      assert.equal(text(p, p.diagnostics[0]), squiggle, line);
      assert.equal(p.expectations.length, 1, line);
    }
  });

  it('reads == as = with a fix, and quotes a bare word', () => {
    const p = block('GET info/me', 'EXPECT status == 200');
    assert.deepEqual(codes(p), ['noarkq.malformed-expectation']);
    assert.equal(p.diagnostics[0].fixes?.[0].edits[0].newText, '=');
    assert.equal(only(p).check?.test === 'compare' && only(p).check?.test, 'compare');
    const q = block('GET info/me', 'EXPECT name = Kari');
    assert.equal(q.diagnostics[0].fixes?.[0].edits[0].newText, '"Kari"');
  });

  it('reports an EXPECT before the request line and keeps the request intact', () => {
    const p = block('EXPECT status = 200', 'GET info/me');
    assert.deepEqual(codes(p), ['noarkq.expectation-before-request']);
    assert.equal(p.request?.kind, 'http');
    assert.equal(only(p).misplaced, true);
  });

  it('reports request text after the EXPECT lines once, and still reads it', () => {
    const p = block('QUERY Saksmappe', 'EXPECT status = 200', 'WHERE tittel = @t', 'LIMIT 1', '# fine', 'EXPECT hasMore = false');
    assert.deepEqual(codes(p), ['noarkq.request-after-expectations']);
    assert.equal(text(p, p.diagnostics[0]), 'WHERE tittel = @t');
    assert.equal(p.request?.kind === 'query' && p.request.query.limit?.value, 1);
    assert.equal(p.expectations.length, 2);
  });

  it('keeps comments between EXPECT lines as comments', () => {
    const p = block('GET info/me', '# the archive answers', 'EXPECT status = 200');
    assert.deepEqual(p.diagnostics, []);
    assert.equal(p.comments.length, 1);
  });
});

describe('RETRY lines', () => {
  it('reads the count and the interval', () => {
    const intervals = ['RETRY 20 EVERY 1s', 'RETRY 3 every 500ms', 'RETRY 2 EVERY 1m', 'RETRY 5'].map((l) => {
      const p = block('POST full-text/search', '{ "query": "x" }', l, 'EXPECT total >= 1');
      assert.deepEqual(p.diagnostics, [], l);
      return [p.retry?.count, p.retry?.intervalMs];
    });
    assert.deepEqual(intervals, [[20, 1000], [3, 500], [2, 60_000], [5, 1000]]);
  });

  it('reports malformed RETRY lines', () => {
    const cases: [string, string][] = [
      ['RETRY', 'RETRY'],
      ['RETRY x', 'x'],
      ['RETRY 0', '0'],
      ['RETRY 1001', '1001'],
      ['RETRY 3 AFTER 1s', 'AFTER 1s'],
      ['RETRY 3 EVERY', 'EVERY'],
      ['RETRY 3 EVERY 1h', '1h'],
      ['RETRY 3 EVERY 1s please', 'please'],
    ];
    for (const [line, squiggle] of cases) {
      const p = block('GET info/me', line, 'EXPECT status = 200');
      assert.deepEqual(codes(p), ['noarkq.malformed-retry'], line);
      assert.equal(text(p, p.diagnostics[0]), squiggle, line);
    }
  });

  it('reports a second RETRY and one before the request', () => {
    const p = block('GET info/me', 'RETRY 2', 'RETRY 3', 'EXPECT status = 200');
    assert.deepEqual(codes(p), ['noarkq.duplicate-retry']);
    assert.equal(p.retry?.count, 2);
    const q = block('RETRY 2', 'GET info/me');
    assert.deepEqual(codes(q), ['noarkq.expectation-before-request']);
    assert.equal(q.retry, undefined);
  });
});
