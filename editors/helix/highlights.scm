; Highlights of .noarkq files in Helix's capture names (copy to
; ~/.config/helix/runtime/queries/noarkq/, see the README's "Other editors").

(comment) @comment

(block_header "###" @punctuation.special)
(block_name) @markup.heading
(description) @comment.block.documentation

[
  "QUERY" "TRANSACTION" "UPLOAD" "DOWNLOAD" "GET" "POST" "PUT" "DELETE"
] @keyword.control

[
  "WHERE" "JOIN" "SORT" "LIMIT" "OFFSET" "PUBLICUSE" "ASC" "DESC" "AS" "TO" "EXPECT" "RETRY" "EVERY"
] @keyword

["exists" "absent"] @keyword.operator
(subject_keyword) @variable.builtin

(type_name) @type
(field_name) @variable.other.member
(alias) @label
(parameter) @variable.parameter
(variable_name) @variable
(reference_name) @variable
(bare_word) @variable

(reference ["{{" "}}"] @punctuation.special)

(number) @constant.numeric
(duration) @constant.numeric
(boolean) @constant.builtin.boolean
(null) @constant.builtin
(string) @string
(single_quoted_string) @string
(raw_value) @string
(escape_sequence) @constant.character.escape
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
