import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { archiveErrorTest, failedStep, failedTest, file, outcome, passedStep, passedTest, refusedFile, run, sent, skippedTest, unreadableFile } from '../../test/fixtures/testRunResults';
import { escapeHtml, htmlReport, maxBodyBytes } from './htmlReport';

function count(text: string, pattern: RegExp): number {
  return [...text.matchAll(new RegExp(pattern.source, 'g'))].length;
}

/** Every opening tag of these elements is closed, in order. */
function assertBalanced(html: string): void {
  const stack: string[] = [];
  for (const [, close, name] of html.matchAll(/<(\/?)(html|head|body|header|main|nav|section|details|summary|ul|ol|li|table|tr|td|th|pre|p|h1|h2|h4|code|span|a|strong|style|title)\b[^>]*>/g)) {
    if (close) assert.equal(stack.pop(), name, `</${name}> closes the element open last`);
    else stack.push(name!);
  }
  assert.deepEqual(stack, [], 'every element closed');
}

describe('htmlReport', () => {
  const report = htmlReport(
    run([
      file('cases/find.noarkq', [passedStep('setup', 2), passedTest('findCase', 6), failedTest('count', 12), skippedTest('readBack', 20, 'count')]),
      file('flow.noarkq', [archiveErrorTest('register', 10)]),
      file('steps.noarkq', [failedStep('setup', 2)]),
      refusedFile('cases/broken.noarkq'),
      unreadableFile('cases/missing.noarkq'),
    ]),
  );

  test('one self-contained page: inline CSS with light and dark, no script, nothing loaded from elsewhere', () => {
    assert.match(report, /^<!DOCTYPE html>\n<html lang="en">/);
    assert.match(report, /<meta charset="utf-8">/);
    assert.match(report, /@media \(prefers-color-scheme: dark\)/);
    assert.doesNotMatch(report, /<script|<link|<img|src=|url\(|@import|https?:\/\//i);
    assertBalanced(report);
  });

  test('the verdict and the totals at the top, a list of the files', () => {
    assert.match(report, /<title>noarkq test — sandbox — failed<\/title>/);
    assert.match(report, /<h1>noarkq test <span class="badge failed">✘ failed<\/span><\/h1>/);
    assert.match(report, /<span class="n">4<\/span> tests<\/td><td class="passed"><span class="n">1<\/span> passed<\/td><td class="failed"><span class="n">2<\/span> failed/);
    assert.match(report, /<span class="n">2<\/span> files not run/);
    assert.equal(count(report, /<li><span class="badge [a-z]+">[^<]*<\/span> <a href="#file-\d">/), 5);
  });

  test('a section per file, an entry per block, failures open, each with its request line, status, time and line', () => {
    assert.equal(count(report, /<section class="file" id="file-\d">/), 5);
    assert.equal(count(report, /<details class="block /), 6);
    assert.equal(count(report, /<details class="block failed" open>/), 3);
    assert.equal(count(report, /<details class="block (passed|skipped)">/), 3);
    assert.match(report, /<summary><span class="mark passed" title="passed">✔<\/span> <span class="name">findCase<\/span> <span class="role">test<\/span> <code>POST query<\/code> <span class="status ok">200<\/span> <span class="time">42 ms<\/span> <span class="line">line 6<\/span><\/summary>/);
    assert.match(report, /<span class="name">setup<\/span> <span class="role">step<\/span>/);
    assert.match(report, /<span class="name">readBack<\/span> <span class="role">test<\/span> <span class="skipped">skipped: count failed<\/span> <span class="line">line 20<\/span>/);
    assert.match(report, /<span class="status bad">400<\/span>/);
  });

  test('expectations marked ✔ / ✘ in text and by class, the failure with its place', () => {
    assert.match(report, /<li class="passed">✔ EXPECT status = 200 <span class="line">line 15<\/span><\/li><li class="failed">✘ EXPECT results.length = 1 — actual 0 <span class="line">line 16<\/span><\/li>/);
    assert.match(report, /<p class="failure">✘ EXPECT results.length = 1 — actual 0<br><span class="at">at cases\/find.noarkq:16<\/span><\/p>/);
    assert.match(report, /<p class="failure">the archive refused the transaction \(400\)<br>the archive answered 400 \(errorId err-7\)<br>saksmappe mangler tittel<br><span class="at">at flow.noarkq:10<\/span><\/p>/);
  });

  test('a refused file lists its problems; an unreadable one says why', () => {
    assert.match(report, /<p class="failure">not run: the file has 2 errors; nothing of it was sent.<\/p>\n<ul class="problems"><li><code>3:7 unknown-field Saksmappe has no field &#34;titel&#34;; did you mean &#34;tittel&#34;\?<\/code><\/li>/);
    assert.match(report, /<p class="failure">cannot read cases\/missing.noarkq: no such file; nothing of it was sent.<\/p>/);
  });

  test('the answer: status, headers and the body pretty-printed', () => {
    assert.match(report, /<h4>Answer<\/h4>\n<p class="meta">200 · 42 ms · 120 B<\/p>\n<table class="headers"><tr><th>content-type<\/th><td>application\/json<\/td><\/tr><\/table>\n<pre class="body">\{\n {2}&#34;results&#34;: \[\n {4}\{\n {6}&#34;id&#34;: &#34;sm-1&#34;,/);
    assert.match(report, /<h4>Answer<\/h4>\n<p class="meta">no answer<\/p>/, 'the failed connection');
  });

  test('everything from the run is escaped: <script> in an actual value, a name, a body and a file name', () => {
    const block = failedTest('<img onerror=x>', 4);
    block.expectations = [outcome({ subject: 'results[0].fields.tittel', expected: '"x"', actual: '"<script>alert(1)</script>"', passed: false, line: 8 })];
    block.result = sent({ body: { tittel: '</pre><script>alert(2)</script>' } });
    const html = htmlReport(run([file('<b>&.noarkq', [block])]));
    assert.doesNotMatch(html, /<script|<img|<b>/);
    assert.match(html, /actual &#34;&#60;script&#62;alert\(1\)&#60;\/script&#62;&#34;/);
    assert.match(html, /&#60;\/pre&#62;&#60;script&#62;alert\(2\)/);
    assert.match(html, /<span class="name">&#60;img onerror=x&#62;<\/span>/);
    assert.match(html, /&#60;b&#62;&#38;.noarkq/);
    assertBalanced(html);
  });

  test('a body over the limit is cut on a character, saying so', () => {
    const big = { text: 'æ'.repeat(maxBodyBytes) };
    const block = passedTest('big', 2);
    block.result = sent({ body: big, bytes: 41_000 });
    const html = htmlReport(run([file('a.noarkq', [block])]));
    const shown = /<pre class="body">([^<]*)<\/pre>\n<p class="cut">Cut: the first 20.0 KB of 40.0 KB are shown.<\/p>/.exec(html);
    assert.ok(shown, 'the cut is said');
    assert.ok(Buffer.byteLength(shown[1]!.replace(/&#34;/g, '"'), 'utf8') <= maxBodyBytes);
    assert.doesNotMatch(shown[1]!, /\uFFFD/);
    assert.doesNotMatch(htmlReport(run([file('a.noarkq', [passedTest()])])), /class="cut"/);
  });

  test('escapeHtml: markup characters and control characters', () => {
    assert.equal(escapeHtml(`<a href="x">'&'</a>\u0007\n`), '&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;\\u{7}\n');
  });
});
