import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InsertTextFormat, MarkupKind, type CompletionList } from 'vscode-languageserver-types';
import { adaptCompletions, adaptHover, markdownToPlainText, richClientFormats, snippetToPlainText } from './clientFormats';

const plainClient = { snippets: false, hoverMarkdown: false, completionMarkdown: false };

describe('snippetToPlainText', () => {
  const cases: Array<[string, string]> = [
    ['"actions": [\n\t$0\n]', '"actions": [\n\t\n]'],
    ['"action": "${1|save,link,unlink,delete|}"', '"action": "save"'],
    ['tittel = @$1', 'tittel = @'],
    ['${1:name} = ${2:value}$0', 'name = value'],
    ['cost \\$5 \\} \\\\', 'cost $5 } \\'],
    ['${1:outer ${2:inner}}', 'outer inner'],
    ['$TM_FILENAME', ''],
    ['plain', 'plain'],
    ['a $ b', 'a $ b'],
  ];
  for (const [snippet, plain] of cases) it(`${JSON.stringify(snippet)} → ${JSON.stringify(plain)}`, () => assert.equal(snippetToPlainText(snippet), plain));
});

describe('markdownToPlainText', () => {
  it('drops emphasis, code marks, fences and heading marks; links keep their target', () => {
    assert.equal(markdownToPlainText('**tittel** — field of Saksmappe\n\n`string` · M020'), 'tittel — field of Saksmappe\n\nstring · M020');
    // Marks inside code spans are text: two `"*"` on a line are not one emphasis.
    assert.equal(markdownToPlainText('`"*"` matches anything; `"*"` again'), '"*" matches anything; "*" again');
    assert.equal(markdownToPlainText('**`tittel`** and _`x_y`_'), 'tittel and x_y');
    assert.equal(markdownToPlainText('## Heading\n```json\n{"a": 1}\n```\nsee [the spec](https://x.example/a) and *this*'), 'Heading\n{"a": 1}\nsee the spec (https://x.example/a) and this');
    assert.equal(markdownToPlainText('snake_case_name and 2*3*4'), 'snake_case_name and 2*3*4');
  });
});

describe('adaptCompletions', () => {
  const list: CompletionList = {
    isIncomplete: false,
    items: [
      { label: 'save', insertTextFormat: InsertTextFormat.Snippet, textEdit: { range: { start: { line: 0, character: 1 }, end: { line: 0, character: 1 } }, newText: '${1|save,link|}' }, documentation: { kind: MarkupKind.Markdown, value: '**save** an entity' } },
      { label: '=', textEdit: { range: { start: { line: 0, character: 1 }, end: { line: 0, character: 1 } }, newText: '= @' }, command: { title: 'Suggest', command: 'editor.action.triggerSuggest' } },
    ],
  };

  it('leaves a rich client\'s list as the features wrote it', () => {
    assert.equal(adaptCompletions(list, richClientFormats), list);
  });

  it('gives a plain client plain text, plain documentation and no VS Code command', () => {
    const [save, equals] = adaptCompletions(list, plainClient).items;
    assert.equal(save.insertTextFormat, InsertTextFormat.PlainText);
    assert.equal(save.textEdit && 'range' in save.textEdit ? save.textEdit.newText : undefined, 'save');
    assert.deepEqual(save.documentation, { kind: MarkupKind.PlainText, value: 'save an entity' });
    assert.equal(equals.command, undefined);
    // The features' own list is not changed.
    assert.equal(list.items[0].insertTextFormat, InsertTextFormat.Snippet);
  });

  it('keeps the snippet for a client that takes snippets but not Markdown', () => {
    const [save] = adaptCompletions(list, { ...plainClient, snippets: true }).items;
    assert.equal(save.insertTextFormat, InsertTextFormat.Snippet);
    assert.equal(save.textEdit && 'range' in save.textEdit ? save.textEdit.newText : undefined, '${1|save,link|}');
  });
});

describe('adaptHover', () => {
  const hover = { contents: { kind: MarkupKind.Markdown, value: '**tittel** — `string`' } };
  it('gives a plaintext client plain text, a Markdown client Markdown, and nothing for nothing', () => {
    assert.deepEqual(adaptHover(hover, plainClient)?.contents, { kind: MarkupKind.PlainText, value: 'tittel — string' });
    assert.equal(adaptHover(hover, richClientFormats), hover);
    assert.equal(adaptHover(null, plainClient), null);
  });
});
