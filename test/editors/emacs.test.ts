/**
 * Emacs with eglot and the README's snippet, in batch: `examples/broken.noarkq` opened, its
 * diagnostics in Flymake, completion as `completion-at-point` applies an item (eglot's exit
 * function: its text edit, its snippet), hover, rename of a block that another reads,
 * formatting. Emacs runs a Lisp driver that writes what it saw as JSON.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { missingEditor, runEditor } from './editorHarness';

const skip = missingEditor('emacs');


const driver = String.raw`
(require 'eglot)
(require 'json)
(require 'seq)
(setq eglot-sync-connect 20)
(find-file "broken.noarkq")
;; eglot-ensure connects from post-command-hook, which a batch Emacs never runs by itself.
(run-hooks 'post-command-hook)
(defun noarkq-test-wait (pred secs)
  (let ((deadline (+ (float-time) secs)))
    (while (and (not (funcall pred)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (funcall pred)))
(defun noarkq-test-line () (buffer-substring-no-properties (line-beginning-position) (line-end-position)))
(defun noarkq-test-complete (candidate)
  "Completes at point as completion-at-point does when CANDIDATE is chosen: the candidates, then the line."
  (let* ((capf (eglot-completion-at-point)) (start (nth 0 capf)) (end (nth 1 capf)) (table (nth 2 capf))
         (props (nthcdr 3 capf)) (cands (all-completions (buffer-substring-no-properties start end) table))
         (choice (seq-find (lambda (c) (string= (substring-no-properties c) candidate)) cands)))
    (when choice
      (delete-region start end) (goto-char start) (insert choice)
      (funcall (plist-get props :exit-function) choice 'finished))
    (cons (vconcat (mapcar #'substring-no-properties cands)) (noarkq-test-line))))
(let ((out '()))
  (push (cons 'mode (symbol-name major-mode)) out)
  (push (cons 'attached (if (noarkq-test-wait (lambda () (eglot-current-server)) 30) t :json-false)) out)
  (noarkq-test-wait (lambda () (flymake-start) (> (length (flymake-diagnostics)) 0)) 30)
  (push (cons 'messages (vconcat (mapcar #'flymake-diagnostic-text (flymake-diagnostics)))) out)
  (goto-char (point-min)) (re-search-forward "^WHERE tit$")
  (let ((r (noarkq-test-complete "tittel"))) (push (cons 'queryCandidates (car r)) out) (push (cons 'queryLine (cdr r)) out))
  (goto-char (point-min)) (search-forward "### fourth") (search-forward "\"action\": \"")
  (let ((r (noarkq-test-complete "save"))) (push (cons 'actionCandidates (car r)) out) (push (cons 'actionLine (cdr r)) out))
  (goto-char (point-min)) (search-forward "### fourth") (search-forward "\"type\": \"Journ")
  (let ((r (noarkq-test-complete "Journalpost"))) (push (cons 'typeCandidates (car r)) out) (push (cons 'typeLine (cdr r)) out))
  (goto-char (point-min)) (re-search-forward "^WHERE saksaar=@year&&titt")
  (push (cons 'hover (plist-get (jsonrpc-request (eglot--current-server-or-lose) :textDocument/hover (eglot--TextDocumentPositionParams)) :contents)) out)
  (goto-char (point-min)) (re-search-forward "^### fir")
  (eglot-rename "firstCase")
  (goto-char (point-min))
  (push (cons 'renamedHeader (if (re-search-forward "^### firstCase$" nil t) (noarkq-test-line) :json-null)) out)
  (goto-char (point-min))
  (push (cons 'renamedReader (if (re-search-forward "{{firstCase\\." nil t) (noarkq-test-line) :json-null)) out)
  (eglot-format-buffer)
  (goto-char (point-min)) (re-search-forward "^### firstCase") (forward-line 2)
  (push (cons 'formatted (noarkq-test-line)) out)
  (with-temp-file (getenv "NOARKQ_DRIVER_OUT") (insert (json-encode out))))
(kill-emacs 0)
`;

interface Seen {
  mode: string;
  attached: boolean;
  messages: string[];
  queryCandidates: string[];
  queryLine: string;
  actionCandidates: string[];
  actionLine: string;
  typeCandidates: string[];
  typeLine: string;
  hover: { kind: string; value: string } | string | null;
  renamedHeader: string | null;
  renamedReader: string | null;
  formatted: string;
}

let seen: Seen;

before(() => {
  if (skip) return;
  seen = runEditor<Seen>({
    editor: 'emacs',
    snippet: { heading: 'Emacs (eglot)', language: 'elisp', file: 'init.el' },
    driver: { file: 'driver.el', text: driver },
    // -q: no user init file, but the site files, which make Debian's elpa-eglot loadable.
    args: () => ['--batch', '-q', '-l', 'init.el', '-l', 'driver.el'],
    env: (work) => ({ HOME: work }),
  });
});

test('the README snippet gives .noarkq files noarkq-mode and connects eglot', { skip }, () => {
  assert.equal(seen.mode, 'noarkq-mode');
  assert.equal(seen.attached, true);
});

test('Flymake shows the file\'s diagnostics', { skip }, () => {
  assert.ok(seen.messages.length > 100, `${seen.messages.length} diagnostics`);
  assert.ok(seen.messages.some((m) => m.includes('Saksmape')), 'the misspelt type is named');
});

test('completion in a WHERE inserts the field', { skip }, () => {
  assert.ok(seen.queryCandidates.includes('tittel'));
  assert.match(seen.queryLine, /^WHERE tittel\b/);
  assert.doesNotMatch(seen.queryLine, /\$\{?\d/, 'no snippet syntax inserted');
});

test('completion of an action in an empty JSON string fills the string once', { skip }, () => {
  assert.match(seen.actionLine, /\{ "action": "save", "type": "Journ"/);
});

test('completion of a type inside a JSON string the user began', { skip }, () => {
  assert.ok(seen.typeCandidates.includes('Journalpost'), JSON.stringify(seen.typeCandidates));
  assert.match(seen.typeLine, /"type": "Journalpost", "id"/);
});

test('hover on a field describes it, as plain text to a client without markdown', { skip }, () => {
  const hover = seen.hover;
  assert.ok(hover !== null && typeof hover === 'object');
  assert.match(hover.value, /tittel/);
  assert.equal(hover.kind, 'plaintext');
});

test('rename of a block renames the reference that reads it', { skip }, () => {
  assert.equal(seen.renamedHeader, '### firstCase');
  assert.equal(seen.renamedReader, '@case = {{firstCase.results[0].id}}');
});

test('formatting spaces the operators of a WHERE', { skip }, () => {
  assert.equal(seen.formatted, 'WHERE saksaar = @year && tittel %= @title');
});
