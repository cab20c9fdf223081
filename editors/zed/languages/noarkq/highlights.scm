; Highlights of .noarkq files in Zed's capture names (editors/tree-sitter-noarkq/queries has the
; tree-sitter CLI's names). The language server's diagnostics, completion and hover come on top.

(comment) @comment

(block_header "###" @punctuation.special)
(block_name) @title
(description) @comment.doc

[
  "QUERY" "TRANSACTION" "UPLOAD" "DOWNLOAD" "GET" "POST" "PUT" "DELETE"
  "WHERE" "JOIN" "SORT" "LIMIT" "OFFSET" "PUBLICUSE" "ASC" "DESC" "AS" "TO" "EXPECT" "RETRY" "EVERY"
  "exists" "absent"
] @keyword

(subject_keyword) @variable.special

(type_name) @type
(field_name) @property
(alias) @label
(parameter) @variable.special
(variable_name) @variable
(reference_name) @variable
(bare_word) @variable

(reference ["{{" "}}"] @punctuation.special)

(number) @number
(duration) @number
(boolean) @boolean
(null) @constant
(string) @string
(single_quoted_string) @string
(raw_value) @string
(escape_sequence) @string.escape
(regex) @string.regex
(target) @link_uri
(file_path) @string.special
(file_name) @string
(document_id) @constant
(header_name) @string.special

["=" "!=" "%=" "&&" "||"] @operator
(expect_operator) @operator

["(" ")" "[" "]" "{" "}"] @punctuation.bracket
["." "," ":"] @punctuation.delimiter
