import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BsmGroup, CodeList } from '../../runner/archive/archiveApi';
import { allowedValueNodes, bsmAllowedValueItem, bsmFieldItem, bsmGroupItem, bsmGroupNodes } from './bsmRegistryTree';
import { codeListItem, codeListNodes, codeValueItem } from './codeListTree';
import { markdownText } from './markdownText';
import { messageItem } from './registryItemModel';

const script = '<script>alert(1)</script>';
const img = '<img src=x onerror=alert(1)>';

const lists: CodeList[] = [
  { type: 'Journalpost', field: 'journalstatus', defaultValue: { code: 'J', name: 'Journalført' }, values: [{ code: 'J', name: 'Journalført' }, { code: 'F', name: 'Ferdigstilt', description: 'Done' }] },
  { type: 'Arkivnotat', field: 'dokumentmedium', defaultValue: null, values: [] },
  { type: 'Arkiv', field: 'dokumentmedium', defaultValue: { code: 'E', name: 'Elektronisk' }, values: [{ code: 'E', name: script, description: img, authority: '[link](http://evil)' }] },
];

const registry: BsmGroup[] = [
  { groupId: 'prosjekt', groupName: 'Prosjekt', groupDescription: img, fields: [{ fieldId: 'status', fieldType: 'string', fieldName: script, fieldValues: ['aktiv', '<b>x</b>'] }, { fieldId: 'beloep', fieldType: 'double' }] },
  { groupId: 'arkiv-info', fields: [] },
];

/** No tag, link or emphasis Markdown could render survives escaping. */
function assertInert(markdown: string): void {
  assert.doesNotMatch(markdown, /<(script|img|b)\b/i, markdown);
  assert.doesNotMatch(markdown, /\]\(/, markdown);
}

describe('Code Lists view nodes', () => {
  it('one node per field, the types that use it, values with the default marked', () => {
    const nodes = codeListNodes(lists);
    assert.deepEqual(nodes.map((n) => [n.field, n.types]), [['dokumentmedium', ['Arkivnotat', 'Arkiv']], ['journalstatus', ['Journalpost']]]);
    const status = nodes[1];
    assert.equal(status.defaultCode, 'J');
    const [j, f] = status.values.map(codeValueItem);
    assert.deepEqual([j.label, j.description, j.icon, j.contextValue], ['J', 'Journalført (default)', 'star-full', 'codeValue.default']);
    assert.deepEqual([f.label, f.description, f.icon, f.contextValue], ['F', 'Ferdigstilt', 'symbol-enum-member', 'codeValue']);
    assert.match(f.tooltip, /Done/);
    const item = codeListItem(status);
    assert.deepEqual([item.label, item.description, item.contextValue, item.collapsible], ['journalstatus', '2 values', 'codeList', true]);
  });

  it('a value named with HTML shows it as text: the label is the text, the tooltip escapes it', () => {
    const value = codeListNodes(lists)[0].values[0];
    const item = codeValueItem(value);
    // A TreeItem label and description are text: kept exactly as the archive wrote them.
    assert.equal(item.description, `${script} (default)`);
    assertInert(item.tooltip);
    assert.match(item.tooltip, /&lt;script&gt;alert\\\(1\\\)&lt;\/script&gt;/);
    assert.match(item.tooltip, /&lt;img src=x onerror=alert\\\(1\\\)&gt;/);
  });
});

describe('BSM Registry view nodes', () => {
  it('groups sorted, fields with type and name, allowed values under a field', () => {
    const groups = bsmGroupNodes(registry);
    assert.deepEqual(groups.map((g) => g.groupId), ['arkiv-info', 'prosjekt']);
    assert.equal(bsmGroupItem(groups[0]).collapsible, false);
    const [beloep, status] = groups[1].fields;
    assert.deepEqual([bsmFieldItem(beloep).label, bsmFieldItem(beloep).description, bsmFieldItem(beloep).icon, bsmFieldItem(beloep).collapsible], ['beloep', 'double', 'symbol-number', false]);
    const statusItem = bsmFieldItem(status);
    assert.deepEqual([statusItem.description, statusItem.contextValue, statusItem.collapsible], [`string · ${script}`, 'bsmField', true]);
    assert.deepEqual(allowedValueNodes(status).map((v) => bsmAllowedValueItem(v).label), ['aktiv', '<b>x</b>']);
  });

  it('HTML in names, descriptions and allowed values stays text in the tooltips', () => {
    const groups = bsmGroupNodes(registry);
    assertInert(bsmGroupItem(groups[1]).tooltip);
    const statusTooltip = bsmFieldItem(groups[1].fields[1]).tooltip;
    assertInert(statusTooltip);
    assert.match(statusTooltip, /Allowed values: aktiv, &lt;b&gt;x&lt;\/b&gt;/);
  });
});

describe('markdownText', () => {
  it('escapes HTML, links, emphasis and code', () => {
    assert.equal(markdownText('<a href="x">*hi*</a> [l](u) `c` & _u_'), '&lt;a href=&quot;x&quot;&gt;\\*hi\\*&lt;/a&gt; \\[l\\]\\(u\\) \\`c\\` &amp; \\_u\\_');
    assert.equal(markdownText('plain text'), 'plain text');
  });

  it('a message node (an archive refusal) escapes the error text', () => {
    const item = messageItem({ kind: 'message', text: 'Could not read', detail: `400: ${img}`, severity: 'error', command: { id: 'noarkq.bsm.refresh', title: 'Refresh' } });
    assertInert(item.tooltip);
    assert.deepEqual([item.icon, item.iconColor, item.command?.id], ['error', 'errorForeground', 'noarkq.bsm.refresh']);
  });
});
