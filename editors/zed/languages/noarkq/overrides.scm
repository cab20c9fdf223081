; Scopes named by config.toml's `not_in`: no closing quote is added inside a string or a comment.
(comment) @comment.inclusive
(string) @string
