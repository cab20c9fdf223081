/**
 * Neovim with the README's snippet, headless: `examples/broken.noarkq` opened, its diagnostics
 * shown, completion in a query as the omnifunc inserts it, hover, rename of a block that another
 * reads, formatting. Neovim runs a Lua driver that writes what it saw as JSON.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { missingEditor, readmeSnippet, repositoryRoot, runEditor } from './editorHarness';

const skip = missingEditor('nvim');


const driver = String.raw`
local out = {}
local buf = vim.api.nvim_get_current_buf()
out.filetype = vim.bo[buf].filetype
out.attached = vim.wait(20000, function() return #vim.lsp.buf_get_clients(buf) > 0 end, 20)
out.diagnosed = vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 20)
out.messages = {}
for _, d in ipairs(vim.diagnostic.get(buf)) do table.insert(out.messages, d.message) end
local function lines() return vim.api.nvim_buf_get_lines(buf, 0, -1, false) end
local function find(text) for i, l in ipairs(lines()) do if l:find(text, 1, true) then return i - 1, l end end end
local function line_of(text) for i, l in ipairs(lines()) do if l == text then return i - 1, l end end end
local function request(method, params)
  for _, r in pairs(vim.lsp.buf_request_sync(buf, method, params, 10000) or {}) do return r.result end
end
local function at(row, col) return { textDocument = vim.lsp.util.make_text_document_params(buf), position = { line = row, character = col } } end

-- The tree-sitter highlighter the snippet starts, and the highlight group it gives a position.
local highlighter = vim.treesitter.highlighter.active[buf]
out.treesitter = highlighter ~= nil
out.groups = {}
if highlighter then
  local query = highlighter:get_query('noarkq')
  local root = highlighter.tree:parse()[1]:root()
  local function group(row, col)
    for id, node in query:query():iter_captures(root, buf, row, row + 1) do
      local sr, sc, _, ec = node:range()
      local hl = query.hl_cache[id]
      if sr == row and sc <= col and col < ec and hl and hl ~= 0 then return vim.fn.synIDattr(vim.fn.synIDtrans(hl), 'name') end
    end
    return vim.NIL
  end
  local wrow = line_of('WHERE saksaar=@year&&tittel %= @title')
  out.groups = { query = group(wrow - 1, 0), type = group(wrow - 1, 6), where = group(wrow, 0), field = group(wrow, 6), comment = group(0, 0) }
end

-- Completion as Neovim 0.7's omnifunc does it: the words of the items that start with the
-- keyword before the cursor, put in place of that keyword.
local function omni(row, col, want)
  local line = lines()[row + 1]
  local to_cursor = line:sub(1, col)
  local start = vim.fn.match(to_cursor, '\\k*$')
  local items = vim.lsp.util.text_document_completion_list_to_complete_items(request('textDocument/completion', at(row, col)), to_cursor:sub(start + 1))
  for _, item in ipairs(items) do
    if want == nil or item.word == want then return line:sub(1, start) .. item.word .. line:sub(col + 1) end
  end
  return vim.NIL
end
local row, line = line_of('WHERE tit')
out.completed = omni(row, #line, nil)
local jrow, jline = find('"action": "", "type": "Journ"')
out.typeCompleted = omni(jrow, jline:find('Journ"', 1, true) + 4, 'Journalpost')
out.actionCompleted = omni(jrow, jline:find('""', 1, true), 'save')

local hrow, hline = find('WHERE saksaar=@year')
local hover = request('textDocument/hover', at(hrow, hline:find('tittel', 1, true)))
out.hover = hover and hover.contents or vim.NIL

local frow = find('### first')
vim.api.nvim_win_set_cursor(0, { frow + 1, 5 })
vim.lsp.buf.rename('firstCase')
vim.wait(10000, function() return find('{{firstCase.') ~= nil end, 20)
out.renamedHeader = select(2, find('### firstCase')) or vim.NIL
out.renamedReader = select(2, find('{{firstCase.')) or vim.NIL

if vim.lsp.buf.format then vim.lsp.buf.format({ timeout_ms = 10000 }) else vim.lsp.buf.formatting_sync(nil, 10000) end
local fr = find('### firstCase')
out.formatted = lines()[fr + 3]

local f = io.open(vim.env.NOARKQ_DRIVER_OUT, 'w')
f:write(vim.fn.json_encode(out))
f:close()
vim.cmd('qa!')
`;

interface Seen {
  filetype: string;
  treesitter: boolean;
  groups: Record<string, string | null>;
  attached: boolean;
  diagnosed: boolean;
  messages: string[];
  completed: string | null;
  typeCompleted: string | null;
  actionCompleted: string | null;
  hover: { kind: string; value: string } | null;
  renamedHeader: string | null;
  renamedReader: string | null;
  formatted: string;
}

let seen: Seen;

before(() => {
  if (skip) return;
  seen = runEditor<Seen>({
    editor: 'nvim',
    snippet: { heading: 'Neovim', language: 'lua', file: 'init.lua' },
    driver: { file: 'driver.lua', text: driver },
    args: () => ['--headless', '-n', '-i', 'NONE', '-u', 'init.lua', 'broken.noarkq', '-c', 'luafile driver.lua'],
    env: (work) => {
      const xdg = join(work, 'xdg');
      return { XDG_CONFIG_HOME: xdg, XDG_DATA_HOME: xdg, XDG_STATE_HOME: xdg, XDG_CACHE_HOME: xdg };
    },
    // The README's commands that build the tree-sitter grammar into Neovim's data folder, taking
    // the grammar from this repository's editors/ as from an installed package's.
    setUp: (work, env) => {
      const built = spawnSync('sh', ['-eu', '-c', readmeSnippet('Neovim', 'sh')], { cwd: work, encoding: 'utf8', env: { ...env, EDITORS: join(repositoryRoot, 'editors') } });
      assert.equal(built.status, 0, built.stderr);
    },
  });
});

test('the README snippet makes .noarkq files noarkq and starts the server for them', { skip }, () => {
  assert.equal(seen.filetype, 'noarkq');
  assert.ok(seen.attached, 'a client attached');
});

test("the README's tree-sitter set-up colours keywords, types, fields and comments", { skip }, () => {
  assert.ok(seen.treesitter, 'the tree-sitter highlighter runs for the buffer');
  // Neovim 0.7 links the captures to its classic groups (Keyword to Statement, Number to Constant).
  assert.deepEqual(seen.groups, { query: 'Statement', type: 'Type', where: 'Statement', field: 'Identifier', comment: 'Comment' });
});

test('Neovim shows the file\'s diagnostics', { skip }, () => {
  assert.ok(seen.diagnosed, 'diagnostics arrived');
  assert.ok(seen.messages.length > 100, `${seen.messages.length} diagnostics`);
  assert.ok(seen.messages.some((m) => m.includes('Saksmape')), 'the misspelt type is named');
});

test('the omnifunc completes a field in a WHERE', { skip }, () => {
  assert.match(String(seen.completed), /^WHERE tittel\b/);
});

test('the omnifunc completes inside a JSON string the user began, and fills an empty one once', { skip }, () => {
  assert.equal(seen.typeCompleted, '{ "actions": [ { "action": "", "type": "Journalpost", "id": "jp", "fields": { "tittel": "T" } } ] }');
  assert.equal(seen.actionCompleted, '{ "actions": [ { "action": "save", "type": "Journ", "id": "jp", "fields": { "tittel": "T" } } ] }');
});

test('hover on a field describes it', { skip }, () => {
  assert.match(String(seen.hover?.value), /tittel/);
});

test('rename of a block renames the reference that reads it', { skip }, () => {
  assert.equal(seen.renamedHeader, '### firstCase');
  assert.equal(seen.renamedReader, '@case = {{firstCase.results[0].id}}');
});

test('formatting spaces the operators of a WHERE', { skip }, () => {
  assert.equal(seen.formatted, 'WHERE saksaar = @year && tittel %= @title');
});
