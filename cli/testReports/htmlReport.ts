/**
 * A test run as one HTML page a person reads after CI: the verdict and totals at the top, a
 * section per file, a collapsible entry per block (failures open) with its request line, status
 * and time, each expectation marked ✔ or ✘ (in words and colour, never colour alone), the
 * request's and the answer's bodies pretty-printed and cut at `maxBodyBytes`. Self-contained:
 * inline CSS, no script, light and dark after the reader's setting. Every text from the run is
 * escaped; the model's texts hold no token, and no header is shown that it does not carry.
 */
import { describeOutcome } from '../../core/document/expectationEvaluation';
import type { JsonValue } from '../../core/jsonValue';
import { formatBytes } from '../../core/text/formatBytes';
import type { BlockTestResult, FileTestResult, TestRunResult } from '../../runner/testing/testResults';
import { fileNotRun, runPassed } from '../../runner/testing/testResults';
import { formatDuration } from '../runReport';
import { failureDetails, failureSummary, fileLine, notRunSummary, problemLine } from './reportedBlocks';

/** The most of one body the page shows, in bytes of UTF-8. */
export const maxBodyBytes = 20 * 1024;

export interface HtmlReportOptions {
  /** Override `maxBodyBytes` (tests, a caller wanting whole bodies). */
  maxBodyBytes?: number;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, (c) => `\\u{${c.charCodeAt(0).toString(16)}}`);
}

const marks = { passed: '✔', failed: '✘', skipped: '⊘', refused: '✘', unreadable: '✘' } as const;
const words = { passed: 'passed', failed: 'failed', skipped: 'skipped', refused: 'not run (errors)', unreadable: 'not run (unreadable)' } as const;

function badge(status: keyof typeof marks): string {
  return `<span class="badge ${status === 'refused' || status === 'unreadable' ? 'failed' : status}">${marks[status]} ${words[status]}</span>`;
}

export function htmlReport(result: TestRunResult, options: HtmlReportOptions = {}): string {
  const limit = options.maxBodyBytes ?? maxBodyBytes;
  const s = result.summary;
  const passed = runPassed(s);
  const title = `noarkq test — ${result.environment} — ${passed ? 'passed' : 'failed'}`;
  const totals: [string, number, string][] = [
    ['tests', s.tests, ''],
    ['passed', s.passed, 'passed'],
    ['failed', s.failed, s.failed > 0 ? 'failed' : ''],
    ['skipped', s.skipped, s.skipped > 0 ? 'skipped' : ''],
    ['steps', s.steps, ''],
    ['steps failed', s.stepsFailed, s.stepsFailed > 0 ? 'failed' : ''],
    ['files not run', s.filesNotRun, s.filesNotRun > 0 ? 'failed' : ''],
  ];
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="noarkq test">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<header>
<h1>noarkq test ${badge(passed ? 'passed' : 'failed')}</h1>
<p class="meta">Environment <strong>${escapeHtml(result.environment)}</strong> · started ${escapeHtml(readableTime(result.startedAt))} · ${escapeHtml(formatDuration(s.durationMs))} · ${s.files} file${s.files === 1 ? '' : 's'}</p>
<table class="totals"><tr>${totals.map(([label, n, cls]) => `<td${cls ? ` class="${cls}"` : ''}><span class="n">${n}</span> ${label}</td>`).join('')}</tr></table>
<nav><h2>Files</h2><ol>${result.files.map((f, i) => `<li>${badge(f.status)} <a href="#file-${i + 1}">${escapeHtml(f.file)}</a></li>`).join('')}</ol></nav>
</header>
<main>
${result.files.map((f, i) => fileSection(f, i + 1, limit)).join('\n')}
</main>
</body>
</html>
`;
}

function fileSection(file: FileTestResult, n: number, limit: number): string {
  const parts = [`<section class="file" id="file-${n}">`, `<h2>${badge(file.status)} ${escapeHtml(file.file)}</h2>`];
  parts.push(`<p class="meta">${file.blocks.length} block${file.blocks.length === 1 ? '' : 's'} · ${escapeHtml(formatDuration(file.durationMs))} · environment ${escapeHtml(file.environment)}</p>`);
  if (fileNotRun(file)) {
    parts.push(`<p class="failure">${escapeHtml(notRunSummary(file))}; nothing of it was sent.</p>`);
    if (file.problems.length > 0) parts.push(`<ul class="problems">${file.problems.map((p) => `<li><code>${escapeHtml(problemLine(p))}</code></li>`).join('')}</ul>`);
  }
  parts.push(...file.blocks.map((b) => blockDetails(file, b, limit)), '</section>');
  return parts.join('\n');
}

function blockDetails(file: FileTestResult, block: BlockTestResult, limit: number): string {
  const sent = block.result;
  const request = sent?.request;
  const head = [
    `<span class="mark ${block.status}" title="${words[block.status]}">${marks[block.status]}</span>`,
    `<span class="name">${escapeHtml(block.name)}</span>`,
    `<span class="role">${block.role}</span>`,
    request ? `<code>${escapeHtml(`${request.method} ${request.path}`)}</code>` : '',
    sent?.status !== undefined ? `<span class="status ${sent.status >= 200 && sent.status < 300 ? 'ok' : 'bad'}">${sent.status}</span>` : '',
    block.status === 'skipped' ? `<span class="skipped">${escapeHtml(block.skipReason ?? 'skipped')}</span>` : `<span class="time">${escapeHtml(formatDuration(block.durationMs))}</span>`,
    block.tries !== undefined && block.tries > 1 ? `<span class="time">${block.tries} tries</span>` : '',
    `<span class="line">line ${block.line}</span>`,
  ].filter((p) => p !== '');
  const body: string[] = [];
  if (block.status === 'failed') {
    const lines = [failureSummary(block), ...failureDetails(block)];
    body.push(`<p class="failure">${lines.map(escapeHtml).join('<br>')}<br><span class="at">at ${escapeHtml(fileLine(file, block.failureLine ?? block.line))}</span></p>`);
  }
  if (block.expectations.length > 0) {
    body.push(
      `<ul class="expectations">${block.expectations
        .map((e) => `<li class="${e.passed ? 'passed' : 'failed'}">${escapeHtml(describeOutcome(e))} <span class="line">line ${e.line}</span></li>`)
        .join('')}</ul>`,
    );
  }
  if (request) {
    body.push(`<h4>Request</h4><pre class="request">${escapeHtml(`${request.method} ${request.path}`)}</pre>`);
    if (request.body !== undefined) body.push(bodyBlock(request.body, limit));
  }
  if (sent && request) {
    body.push(`<h4>Answer</h4>`);
    if (sent.status === undefined) body.push('<p class="meta">no answer</p>');
    else {
      body.push(`<p class="meta">${sent.status} · ${escapeHtml(formatDuration(sent.durationMs))} · ${escapeHtml(formatBytes(sent.bytes))}${sent.pages ? ` · ${sent.pages} pages` : ''}</p>`);
      const headers = Object.entries(sent.headers ?? {});
      if (headers.length > 0) body.push(`<table class="headers">${headers.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`);
      if (sent.body !== undefined) body.push(bodyBlock(sent.body, limit));
    }
  }
  return `<details class="block ${block.status}"${block.status === 'failed' ? ' open' : ''}>\n<summary>${head.join(' ')}</summary>\n${body.join('\n')}\n</details>`;
}

/** A body pretty-printed, cut at `limit` bytes of UTF-8 with a note saying so. */
function bodyBlock(value: JsonValue, limit: number): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  const size = Buffer.byteLength(text, 'utf8');
  if (size <= limit) return `<pre class="body">${escapeHtml(text)}</pre>`;
  // Cut on a character: a split UTF-8 sequence decodes to U+FFFD, which is dropped.
  const shown = Buffer.from(text, 'utf8').subarray(0, limit).toString('utf8').replace(/\uFFFD$/, '');
  return `<pre class="body">${escapeHtml(shown)}</pre>\n<p class="cut">Cut: the first ${escapeHtml(formatBytes(limit))} of ${escapeHtml(formatBytes(size))} are shown.</p>`;
}

function readableTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

const style = `
:root { color-scheme: light dark; --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --border: #d1d9e0; --panel: #f6f8fa;
  --pass: #1a7f37; --fail: #cf222e; --skip: #9a6700; --pass-bg: #dafbe1; --fail-bg: #ffebe9; --skip-bg: #fff8c5; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --border: #3d444d; --panel: #151b23;
    --pass: #3fb950; --fail: #f85149; --skip: #d29922; --pass-bg: #12261e; --fail-bg: #25171c; --skip-bg: #272115; }
}
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 72rem; padding: 1.5rem; background: var(--bg); color: var(--fg);
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
h2 { font-size: 1.15rem; margin: 1.5rem 0 .25rem; }
h4 { margin: .75rem 0 .25rem; font-size: .9rem; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
code, pre { font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
pre { background: var(--panel); border: 1px solid var(--border); border-radius: 6px; padding: .6rem .8rem; overflow-x: auto; white-space: pre-wrap; word-break: break-word; }
.meta { color: var(--muted); margin: .25rem 0; }
.badge { display: inline-block; font-size: .8rem; font-weight: 600; padding: .05rem .5rem; border-radius: 1rem; border: 1px solid currentColor; vertical-align: middle; }
.badge.passed { color: var(--pass); background: var(--pass-bg); }
.badge.failed { color: var(--fail); background: var(--fail-bg); }
.badge.skipped { color: var(--skip); background: var(--skip-bg); }
table.totals { border-collapse: collapse; margin: .75rem 0; }
table.totals td { border: 1px solid var(--border); padding: .3rem .8rem; }
table.totals .n { font-weight: 700; font-size: 1.1rem; }
table.totals .passed { color: var(--pass); } table.totals .failed { color: var(--fail); } table.totals .skipped { color: var(--skip); }
nav ol { padding-left: 1.5rem; margin: .25rem 0; } nav li { margin: .15rem 0; }
a { color: inherit; }
section.file { border-top: 1px solid var(--border); margin-top: 1.5rem; }
details.block { border: 1px solid var(--border); border-left-width: 4px; border-radius: 6px; margin: .5rem 0; padding: .4rem .8rem; }
details.block.passed { border-left-color: var(--pass); }
details.block.failed { border-left-color: var(--fail); }
details.block.skipped { border-left-color: var(--skip); }
summary { cursor: pointer; display: flex; flex-wrap: wrap; gap: .3rem .8rem; align-items: baseline; }
summary .name { font-weight: 600; }
.mark { font-weight: 700; } .mark.passed { color: var(--pass); } .mark.failed { color: var(--fail); } .mark.skipped { color: var(--skip); }
.role, .time, .line { color: var(--muted); font-size: .85rem; }
.status.ok { color: var(--pass); } .status.bad { color: var(--fail); }
.failure { color: var(--fail); background: var(--fail-bg); padding: .4rem .6rem; border-radius: 6px; }
.failure .at { color: var(--muted); }
.skipped { color: var(--skip); }
ul.expectations { list-style: none; padding: 0; margin: .5rem 0; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
ul.expectations li { padding: .15rem .4rem; border-radius: 4px; margin: .1rem 0; }
ul.expectations li.passed { color: var(--pass); }
ul.expectations li.failed { color: var(--fail); background: var(--fail-bg); }
ul.problems code { color: var(--fail); }
table.headers { border-collapse: collapse; font-size: .85rem; margin: .25rem 0; }
table.headers th { text-align: left; font-weight: 600; padding: .1rem .8rem .1rem 0; color: var(--muted); }
.cut { color: var(--skip); font-size: .85rem; }
`;
