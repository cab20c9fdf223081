; Highlights of .noarkq files, in the capture names of the tree-sitter CLI and nvim-treesitter.
; Helix (editors/helix/) and Zed (editors/zed/) have their own copies in their editors' names.

(comment) @comment

(block_header "###" @punctuation.special)
(block_name) @markup.heading
(description) @comment.documentation

[
  "QUERY" "TRANSACTION" "UPLOAD" "DOWNLOAD" "GET" "POST" "PUT" "DELETE"
] @keyword

[
  "WHERE" "JOIN" "SORT" "LIMIT" "OFFSET" "PUBLICUSE" "ASC" "DESC" "AS" "TO" "EXPECT" "RETRY" "EVERY"
] @keyword

["exists" "absent"] @keyword.operator
(subject_keyword) @variable.builtin

(type_name) @type
(field_name) @property
(alias) @label
(parameter) @variable.parameter
(variable_name) @variable
(reference_name) @variable
(bare_word) @variable

(reference ["{{" "}}"] @punctuation.special)

(number) @number
(duration) @number
(boolean) @boolean
(null) @constant.builtin
(string) @string
(single_quoted_string) @string
(raw_value) @string
(escape_sequence) @string.escape
(regex) @string.regexp
(target) @string.special.url
(file_path) @string.special.path
(file_name) @string
(document_id) @constant
(header_name) @string.special

["=" "!=" "%=" "&&" "||"] @operator
(expect_operator) @operator

["(" ")" "[" "]" "{" "}"] @punctuation.bracket
["." "," ":"] @punctuation.delimiter
