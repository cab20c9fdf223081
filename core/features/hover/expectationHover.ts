/**
 * Hover on `EXPECT` and `RETRY` lines: what a path segment stands for in the block's response
 * (the shape `{{block.path}}` references read, with the value of the block's last response when
 * the client has one), and what the keywords, subjects and operators mean.
 */
import { describeShape, expectationPathShape, responseShapeOfBlock, type Expectation, type ExpectationPathSegment, type ReferenceSegment } from '../../document';
import { valueAt } from '../completion/referenceCompletion';
import { contains, type HoverFound, type HoverSite } from './hoverResult';
import { codeBlock, jsonPreview } from './modelMarkdown';

const operatorMeaning: Readonly<Record<string, string>> = {
  '=': 'equals the value',
  '!=': 'differs from the value',
  '<': 'is less than the value (numbers, dates and timestamps compared as such)',
  '<=': 'is at most the value (numbers, dates and timestamps compared as such)',
  '>': 'is greater than the value (numbers, dates and timestamps compared as such)',
  '>=': 'is at least the value (numbers, dates and timestamps compared as such)',
  '%=': 'is like the pattern: `%` stands for any run of characters, as in the query language',
  '~': 'matches the regular expression `/…/flags`',
};

export function expectationHover(site: HoverSite): HoverFound | undefined {
  const parsed = site.block.parsed;
  const retry = parsed.retry;
  if (retry && contains(retry.keyword, site.offset)) {
    const times = retry.count === undefined ? 'up to n more times' : `up to ${retry.count} more time${retry.count === 1 ? '' : 's'}`;
    return {
      span: retry.keyword,
      markdown: `**RETRY** — sends this reading request again, ${times}, ${retry.intervalMs} ms apart, until its expectations hold. Never on a write.`,
    };
  }
  const e = parsed.expectations.find((x) => contains({ start: x.start, end: Math.max(x.end, x.keyword.end) }, site.offset));
  if (!e) return undefined;
  if (contains(e.keyword, site.offset)) {
    return {
      span: e.keyword,
      markdown: '**EXPECT** — what the response must be: `EXPECT <subject> <operator> <value>`, or `EXPECT <subject> exists` / `absent`. A block with expectations is a test.',
    };
  }
  const subject = e.subject;
  if (subject && contains(subject, site.offset)) {
    if (subject.kind === 'status') return { span: subject, markdown: '**status** — the HTTP status. Without an `EXPECT status` line a block must get a 2xx; `EXPECT status = 400` makes the refusal the expected outcome.' };
    if (subject.kind === 'time') return { span: subject, markdown: '**time** — milliseconds the whole exchange took.' };
    if (subject.kind === 'header') return { span: subject, markdown: `**header ${subject.name?.text ?? '<name>'}** — a response header (names are case-insensitive), as text.` };
    const index = subject.segments.findIndex((s) => contains(s, site.offset));
    if (index >= 0) return segmentHover(site, e, subject.segments, index);
  }
  const check = e.check;
  if (check?.test === 'compare' && contains(check.operator, site.offset)) {
    return { span: check.operator, markdown: `**${check.operator.op}** — the subject ${operatorMeaning[check.operator.op]}.` };
  }
  if (check && check.test !== 'compare' && contains(check.word, site.offset)) {
    return { span: check.word, markdown: check.test === 'exists' ? '**exists** — the response has the subject.' : '**absent** — the response does not have the subject.' };
  }
  return undefined;
}

function segmentHover(site: HoverSite, e: Expectation, segments: readonly ExpectationPathSegment[], index: number): HoverFound {
  const upTo = segments.slice(0, index + 1);
  const text = upTo.map((s, i) => (s.kind === 'property' ? `${i === 0 ? '' : '.'}${s.name}` : s.kind === 'index' ? `[${s.index}]` : '[*]')).join('');
  const lines = [`**${text}**`];
  const root = site.block.parsed.request ? responseShapeOfBlock(site.doc, site.block, site.context.model) : undefined;
  const shape = root ? expectationPathShape(root, upTo) : undefined;
  if (shape) lines.push('', describeShape(shape, site.context.model));
  else if (!root) lines.push('', 'This block has no JSON response.');
  const name = site.block.parsed.name?.text;
  const response = name !== undefined ? site.context.responses?.get(name) : undefined;
  const plain = upTo.every((s) => s.kind !== 'each') ? (upTo as readonly ReferenceSegment[]) : undefined;
  if (response && plain && !e.misplaced) {
    const value = valueAt(response.body, [...plain]);
    if (value !== undefined) lines.push('', `Last response (status ${response.status}):`, '', codeBlock(jsonPreview(value)));
  }
  return { span: segments[index], markdown: lines.join('\n') };
}
