/**
 * Tree-sitter grammar for `.noarkq` files (the format in the README's ".noarkq format" section),
 * for editors that colour and fold through tree-sitter (Zed, Helix, Neovim's nvim-treesitter).
 * Checks stay with the language server (`noarkq lsp`): this grammar accepts what is wrong but
 * well-formed (a literal in a query, a misspelt field) so that it is coloured, and leaves meaning
 * to the server.
 *
 * The format is line-based: each item ends at a newline, and a block runs from its `###` line to the
 * next. Newlines are tokens, not whitespace, except where a query expression continues on the next
 * line (a line that starts or ends with `&&` or `||`). JSON bodies are kept as lines of text and
 * highlighted by injecting the JSON grammar (queries/injections.scm).
 *
 * src/ is generated from this file by the tree-sitter CLI (`tree-sitter generate`, see README.md
 * in this folder) and committed, as every grammar repository does: editors build the parser from it.
 */

/** A keyword matched in any case, as the language server reads them; named as written here. */
function keyword(word) {
  const pattern = word
    .split('')
    .map((c) => (/[a-z]/i.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c))
    .join('');
  return alias(token(prec(3, new RegExp(pattern))), word);
}

const newline = /\r?\n/;

module.exports = grammar({
  name: 'noarkq',

  extras: () => [/[ \t\f\uFEFF]/],

  // A line's end: its newline, or the end of the file for a last line without one (src/scanner.c).
  externals: ($) => [$._end_of_file],

  rules: {
    source_file: ($) => seq(repeat($._item), repeat($.block)),

    block: ($) => seq($.block_header, repeat($._item)),

    block_header: ($) =>
      seq(
        alias(token(prec(4, '###')), '###'),
        optional(field('name', $.block_name)),
        optional(field('description', $.description)),
        $._line_end,
      ),
    block_name: () => token(prec(1, /[A-Za-z][A-Za-z0-9_-]*/)),
    description: () => token(prec(-1, /[^\s][^\r\n]*/)),

    _item: ($) =>
      choice(
        seq($.comment, $._line_end),
        $.variable,
        $.query,
        $.transaction,
        $.http_request,
        $.upload,
        $.download,
        $.expectation,
        $.retry,
        newline,
      ),

    _line_end: ($) => choice(newline, $._end_of_file),

    comment: () => token(prec(2, choice(/#[^\r\n]*/, /\/\/[^\r\n]*/))),

    // @name = value
    variable: ($) =>
      seq(field('name', $.variable_name), '=', optional(field('value', $._value)), $._line_end),
    variable_name: () => token(prec(1, /@[A-Za-z0-9_-]*/)),
    _value: ($) => choice($.string, $.number, $.boolean, $.null, $.reference, $.raw_value),
    raw_value: () => token(prec(-1, /[^\s][^\r\n]*/)),

    // {{block.path[0].more}} or {{variable}}
    // `{{` outranks the text of a string it appears in.
    reference: ($) => seq(alias(token(prec(2, '{{')), '{{'), optional(field('path', $.reference_path)), '}}'),
    reference_path: ($) =>
      seq(
        field('root', alias(/[A-Za-z_$][A-Za-z0-9_$-]*/, $.reference_name)),
        repeat(choice(seq('.', alias(/[A-Za-z_$][A-Za-z0-9_$-]*/, $.field_name)), seq('[', choice($.number, '*'), ']'))),
      ),

    string: ($) => seq('"', repeat(choice($.string_content, $.escape_sequence, $.reference)), '"'),
    string_content: () => token.immediate(prec(1, /([^"\\\r\n{]|\{[^"\\\r\n{])+|\{/)),
    escape_sequence: () => token.immediate(/\\(["\\/bfnrt]|u[0-9a-fA-F]{4})/),
    number: () => /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/,
    boolean: () => choice('true', 'false'),
    null: () => 'null',

    // QUERY <Type> and its clauses, one per line
    query: ($) =>
      prec.right(
        seq(
          keyword('QUERY'),
          optional(field('type', $.type_name)),
          $._line_end,
          repeat(choice($._clause, seq($.comment, $._line_end), newline)),
        ),
      ),
    type_name: () => /[A-Za-z][A-Za-z0-9_]*/,
    _clause: ($) =>
      choice($.where_clause, $.join_clause, $.sort_clause, $.limit_clause, $.offset_clause, $.public_use_clause),

    where_clause: ($) => seq(keyword('WHERE'), optional($._expression), $._line_end),
    join_clause: ($) =>
      seq(keyword('JOIN'), field('alias', $.alias), '=', field('path', $.field_path), $._line_end),
    sort_clause: ($) => seq(keyword('SORT'), commaSeparated($.sort_key), $._line_end),
    sort_key: ($) => seq($.field_path, optional(field('order', choice(keyword('ASC'), keyword('DESC'))))),
    limit_clause: ($) => seq(keyword('LIMIT'), choice($.number, $.parameter), $._line_end),
    offset_clause: ($) => seq(keyword('OFFSET'), choice($.number, $.parameter), $._line_end),
    public_use_clause: ($) => seq(keyword('PUBLICUSE'), $.boolean, $._line_end),

    _expression: ($) => choice($.binary_expression, $.parenthesized_expression, $.comparison),
    // `&&` binds tighter than `||`; either may end a line or start the next one.
    binary_expression: ($) =>
      choice(
        prec.left(1, seq(field('left', $._expression), field('operator', alias($._or, '||')), field('right', $._expression))),
        prec.left(2, seq(field('left', $._expression), field('operator', alias($._and, '&&')), field('right', $._expression))),
      ),
    _and: () => token(prec(1, /(\r?\n[ \t]*)?&&([ \t]*\r?\n)?/)),
    _or: () => token(prec(1, /(\r?\n[ \t]*)?\|\|([ \t]*\r?\n)?/)),
    parenthesized_expression: ($) => seq('(', $._expression, ')'),
    comparison: ($) =>
      seq(field('field', $.field_path), field('operator', choice('=', '!=', '%=')), field('value', $._operand)),
    // Literals are errors the server reports with a fix; they still parse here so they are coloured.
    _operand: ($) => choice($.parameter, $.range, $.number, $.string, $.single_quoted_string, alias($.type_name, $.bare_word)),
    range: ($) => seq(choice('[', '{'), $.parameter, ':', $.parameter, choice(']', '}')),
    field_path: ($) =>
      seq(choice($.field_name, $.alias), repeat(seq('.', $.field_name))),
    field_name: () => /[A-Za-z_][A-Za-z0-9_]*/,
    alias: () => token(prec(3, /#[A-Za-z0-9]+/)),
    parameter: () => /@[A-Za-z0-9_]+/,
    single_quoted_string: () => /'[^'\n]*'/,

    // TRANSACTION and a JSON body (which may start on the same line)
    transaction: ($) =>
      prec.right(seq(keyword('TRANSACTION'), optional($.body_line), $._line_end, optional($.body))),

    // GET|POST|PUT|DELETE <path>[?query] and an optional JSON body
    http_request: ($) =>
      prec.right(
        seq(
          field('method', choice(keyword('GET'), keyword('POST'), keyword('PUT'), keyword('DELETE'))),
          optional(field('target', $.target)),
          $._line_end,
          optional($.body),
        ),
      ),
    target: ($) => repeat1(choice($.reference, token(prec(-1, /[^\s{]+|\{/)))),

    // Lines of JSON up to the next item; comments between them stay comments.
    body: ($) => prec.right(repeat1(choice(seq($.body_line, $._line_end), seq($.comment, $._line_end), newline))),
    body_line: () => token(prec(-1, /[^\s][^\r\n]*/)),

    upload: ($) =>
      seq(
        keyword('UPLOAD'),
        optional(field('path', alias($._word, $.file_path))),
        optional(seq(keyword('AS'), field('name', alias($.raw_value, $.file_name)))),
        $._line_end,
      ),
    download: ($) =>
      seq(
        keyword('DOWNLOAD'),
        optional(field('id', choice($.reference, alias($._word, $.document_id)))),
        optional(seq(keyword('TO'), field('path', alias($.raw_value, $.file_path)))),
        $._line_end,
      ),
    _word: () => token(prec(-1, /[^\s]+/)),

    // EXPECT <subject> <operator> <value> | EXPECT <subject> exists|absent
    expectation: ($) =>
      seq(
        keyword('EXPECT'),
        field('subject', $._subject),
        choice(
          seq(field('operator', $.expect_operator), optional(field('value', $._expected))),
          field('test', choice(keyword('exists'), keyword('absent'))),
        ),
        $._line_end,
      ),
    _subject: ($) =>
      choice(
        alias(keyword('status'), $.subject_keyword),
        alias(keyword('time'), $.subject_keyword),
        seq(alias(keyword('header'), $.subject_keyword), field('header', $.header_name)),
        $.response_path,
      ),
    header_name: () => /[^\s=!<>%~]+/,
    response_path: ($) =>
      seq(
        alias(/[A-Za-z_$][A-Za-z0-9_$-]*/, $.field_name),
        repeat(choice(seq('.', alias(/[A-Za-z_$][A-Za-z0-9_$-]*/, $.field_name)), seq('[', choice($.number, '*'), ']'))),
      ),
    expect_operator: () => choice('=', '==', '!=', '<', '<=', '>', '>=', '%=', '~'),
    _expected: ($) => choice($.string, $.number, $.boolean, $.null, $.parameter, $.reference, $.regex, $.raw_value),
    regex: () => token(prec(1, /\/([^\/\\\n]|\\.)*\/[a-z]*/)),

    // RETRY <n> [EVERY <duration>]
    retry: ($) =>
      seq(keyword('RETRY'), optional(field('count', $.number)), optional(seq(keyword('EVERY'), optional(field('interval', $.duration)))), $._line_end),
    duration: () => /[0-9]+(ms|s|m)/,
  },
});

function commaSeparated(rule) {
  return seq(rule, repeat(seq(',', rule)));
}
