/**
 * Vim with ALE and the README's snippet, in batch (`vim -es`): `examples/broken.noarkq` opened,
 * its diagnostics, completion as ALE's omnifunc gives it (its words, put where the omnifunc's
 * start column says), hover and rename of a block that another reads. A batch Vim is never in
 * Insert mode and has no screen or keyboard, so the driver stands in for the three ALE functions
 * that ask: the mode, the message shown, and the new name typed. Vim runs the driver and writes
 * what it saw as JSON.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { missingEditor, runEditor } from './editorHarness';

const skip = missingEditor('vim');


const driver = String.raw`
function! Wait(cond, ms) abort
  let l:start = reltime()
  while !eval(a:cond) && reltimefloat(reltime(l:start)) * 1000 < a:ms
    sleep 50m
  endwhile
  return eval(a:cond)
endfunction
" The omnifunc runs in Insert mode, where ALE takes the server's answer.
call ale#util#Mode()
function! ale#util#Mode(...) abort
  return 'i'
endfunction
" Completion as ALE's omnifunc gives it at (a:lnum, a:col): its words, and the line once a:want is put in.
function! Complete(lnum, col, want) abort
  call cursor(a:lnum, 1)
  unlet! b:ale_completion_result
  call ale#completion#GetCompletions('ale-omnifunc', {'line': a:lnum, 'column': a:col})
  call Wait('exists("b:ale_completion_result")', 20000)
  let l:words = map(copy(get(b:, 'ale_completion_result', [])), 'v:val.word')
  let l:start = ale#completion#GetCompletionPosition()
  let l:line = getline(a:lnum)
  let l:i = index(l:words, a:want)
  return {'words': l:words, 'line': l:i < 0 ? v:null : strpart(l:line, 0, l:start) . l:words[l:i] . strpart(l:line, a:col - 1)}
endfunction
let g:out = {'filetype': &filetype}
ALELint
call Wait('len(get(get(g:ale_buffer_info, bufnr(""), {}), "loclist", [])) > 0', 30000)
let g:out.messages = map(copy(get(get(g:ale_buffer_info, bufnr(""), {}), 'loclist', [])), 'v:val.text')
let s:l = search('^WHERE tit$')
let g:out.query = Complete(s:l, len(getline(s:l)) + 1, 'tittel')
let s:l = search('^### fourth') + 2
let g:out.action = Complete(s:l, stridx(getline(s:l), '""') + 2, 'save')
let g:out.type = Complete(s:l, stridx(getline(s:l), '"Journ"') + 7, 'Journalpost')
call ale#util#ShowMessage('')
function! ale#util#ShowMessage(text, ...) abort
  let g:hover_text = a:text
endfunction
function! ale#util#Input(prompt, default, ...) abort
  return 'firstCase'
endfunction
let s:l = search('^WHERE saksaar=@year')
call cursor(s:l, stridx(getline(s:l), 'tittel') + 2)
ALEHover
call Wait('!empty(get(g:, "hover_text", ""))', 20000)
let g:out.hover = get(g:, 'hover_text', v:null)
call cursor(search('^### first$'), 6)
ALERename
call Wait('search(''{{firstCase\.'', "nw") > 0', 20000)
let g:out.renamedHeader = getline(search('^### firstCase$', 'nw'))
let g:out.renamedReader = getline(search('{{firstCase\.', 'nw'))
call writefile([json_encode(g:out)], $NOARKQ_DRIVER_OUT)
qa!
`;

interface Completed {
  words: string[];
  line: string | null;
}

interface Seen {
  filetype: string;
  messages: string[];
  query: Completed;
  action: Completed;
  type: Completed;
  hover: string | null;
  renamedHeader: string;
  renamedReader: string;
}

let seen: Seen;

before(() => {
  if (skip) return;
  seen = runEditor<Seen>({
    editor: 'vim',
    snippet: { heading: 'Vim (ALE)', language: 'vim', file: 'vimrc' },
    driver: { file: 'driver.vim', text: driver },
    args: () => ['-N', '-n', '-i', 'NONE', '-u', 'vimrc', '-es', '-c', 'source driver.vim', 'broken.noarkq'],
    env: (work) => ({ HOME: work }),
  });
});

test('the README snippet makes .noarkq files noarkq and ALE shows their diagnostics', { skip }, () => {
  assert.equal(seen.filetype, 'noarkq');
  assert.ok(seen.messages.length > 100, `${seen.messages.length} diagnostics`);
  assert.ok(seen.messages.some((m) => m.includes('Saksmape')), 'the misspelt type is named');
});

test('the omnifunc completes a field in a WHERE', { skip }, () => {
  assert.equal(seen.query.line, 'WHERE tittel');
});

test('the omnifunc fills an empty JSON string once', { skip }, () => {
  assert.equal(seen.action.line, '{ "actions": [ { "action": "save", "type": "Journ", "id": "jp", "fields": { "tittel": "T" } } ] }');
});

test('the omnifunc completes inside a JSON string the user began', { skip }, () => {
  assert.equal(seen.type.line, '{ "actions": [ { "action": "", "type": "Journalpost", "id": "jp", "fields": { "tittel": "T" } } ] }');
});

test('hover on a field describes it', { skip }, () => {
  assert.match(String(seen.hover), /tittel/);
});

test('rename of a block renames the reference that reads it', { skip }, () => {
  assert.equal(seen.renamedHeader, '### firstCase');
  assert.equal(seen.renamedReader, '@case = {{firstCase.results[0].id}}');
});
