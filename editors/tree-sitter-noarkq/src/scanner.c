/*
 * External scanner of the noarkq grammar: the end of the file as the end of a line, so that a last
 * line without a newline ends like any other (tree-sitter's regular tokens cannot match it).
 */
#include "tree_sitter/parser.h"

enum TokenType { END_OF_FILE };

void *tree_sitter_noarkq_external_scanner_create(void) { return NULL; }
void tree_sitter_noarkq_external_scanner_destroy(void *payload) { (void)payload; }
unsigned tree_sitter_noarkq_external_scanner_serialize(void *payload, char *buffer) {
  (void)payload;
  (void)buffer;
  return 0;
}
void tree_sitter_noarkq_external_scanner_deserialize(void *payload, const char *buffer, unsigned length) {
  (void)payload;
  (void)buffer;
  (void)length;
}

bool tree_sitter_noarkq_external_scanner_scan(void *payload, TSLexer *lexer, const bool *valid_symbols) {
  (void)payload;
  if (valid_symbols[END_OF_FILE] && lexer->eof(lexer)) {
    lexer->result_symbol = END_OF_FILE;
    return true;
  }
  return false;
}
