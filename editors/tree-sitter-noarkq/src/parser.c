#include "tree_sitter/parser.h"

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#endif

#ifdef _MSC_VER
#pragma optimize("", off)
#elif defined(__clang__)
#pragma clang optimize off
#elif defined(__GNUC__)
#pragma GCC optimize ("O0")
#endif

#define LANGUAGE_VERSION 14
#define STATE_COUNT 211
#define LARGE_STATE_COUNT 2
#define SYMBOL_COUNT 126
#define ALIAS_COUNT 4
#define TOKEN_COUNT 75
#define EXTERNAL_TOKEN_COUNT 1
#define FIELD_COUNT 20
#define MAX_ALIAS_SEQUENCE_LENGTH 5
#define PRODUCTION_ID_COUNT 30

enum ts_symbol_identifiers {
  anon_sym_POUND_POUND_POUND = 1,
  sym_block_name = 2,
  aux_sym_description_token1 = 3,
  aux_sym__item_token1 = 4,
  sym_comment = 5,
  anon_sym_EQ = 6,
  sym_variable_name = 7,
  anon_sym_LBRACE_LBRACE = 8,
  anon_sym_RBRACE_RBRACE = 9,
  aux_sym_reference_path_token1 = 10,
  anon_sym_DOT = 11,
  anon_sym_LBRACK = 12,
  anon_sym_STAR = 13,
  anon_sym_RBRACK = 14,
  anon_sym_DQUOTE = 15,
  sym_string_content = 16,
  sym_escape_sequence = 17,
  sym_number = 18,
  anon_sym_true = 19,
  anon_sym_false = 20,
  sym_null = 21,
  aux_sym_query_token1 = 22,
  sym_type_name = 23,
  aux_sym_where_clause_token1 = 24,
  aux_sym_join_clause_token1 = 25,
  aux_sym_sort_clause_token1 = 26,
  anon_sym_COMMA = 27,
  aux_sym_sort_key_token1 = 28,
  aux_sym_sort_key_token2 = 29,
  aux_sym_limit_clause_token1 = 30,
  aux_sym_offset_clause_token1 = 31,
  aux_sym_public_use_clause_token1 = 32,
  sym__and = 33,
  sym__or = 34,
  anon_sym_LPAREN = 35,
  anon_sym_RPAREN = 36,
  anon_sym_BANG_EQ = 37,
  anon_sym_PERCENT_EQ = 38,
  anon_sym_LBRACE = 39,
  anon_sym_COLON = 40,
  anon_sym_RBRACE = 41,
  sym_field_name = 42,
  sym_alias = 43,
  sym_parameter = 44,
  sym_single_quoted_string = 45,
  aux_sym_transaction_token1 = 46,
  aux_sym_http_request_token1 = 47,
  aux_sym_http_request_token2 = 48,
  aux_sym_http_request_token3 = 49,
  aux_sym_http_request_token4 = 50,
  aux_sym_target_token1 = 51,
  aux_sym_upload_token1 = 52,
  aux_sym_upload_token2 = 53,
  aux_sym_download_token1 = 54,
  aux_sym_download_token2 = 55,
  sym__word = 56,
  aux_sym_expectation_token1 = 57,
  aux_sym_expectation_token2 = 58,
  aux_sym_expectation_token3 = 59,
  aux_sym__subject_token1 = 60,
  aux_sym__subject_token2 = 61,
  aux_sym__subject_token3 = 62,
  sym_header_name = 63,
  anon_sym_EQ_EQ = 64,
  anon_sym_LT = 65,
  anon_sym_LT_EQ = 66,
  anon_sym_GT = 67,
  anon_sym_GT_EQ = 68,
  anon_sym_TILDE = 69,
  sym_regex = 70,
  aux_sym_retry_token1 = 71,
  aux_sym_retry_token2 = 72,
  sym_duration = 73,
  sym__end_of_file = 74,
  sym_source_file = 75,
  sym_block = 76,
  sym_block_header = 77,
  sym_description = 78,
  sym__item = 79,
  sym__line_end = 80,
  sym_variable = 81,
  sym__value = 82,
  sym_raw_value = 83,
  sym_reference = 84,
  sym_reference_path = 85,
  sym_string = 86,
  sym_boolean = 87,
  sym_query = 88,
  sym__clause = 89,
  sym_where_clause = 90,
  sym_join_clause = 91,
  sym_sort_clause = 92,
  sym_sort_key = 93,
  sym_limit_clause = 94,
  sym_offset_clause = 95,
  sym_public_use_clause = 96,
  sym__expression = 97,
  sym_binary_expression = 98,
  sym_parenthesized_expression = 99,
  sym_comparison = 100,
  sym__operand = 101,
  sym_range = 102,
  sym_field_path = 103,
  sym_transaction = 104,
  sym_http_request = 105,
  sym_target = 106,
  sym_body = 107,
  sym_body_line = 108,
  sym_upload = 109,
  sym_download = 110,
  sym_expectation = 111,
  sym__subject = 112,
  sym_response_path = 113,
  sym_expect_operator = 114,
  sym__expected = 115,
  sym_retry = 116,
  aux_sym_source_file_repeat1 = 117,
  aux_sym_source_file_repeat2 = 118,
  aux_sym_reference_path_repeat1 = 119,
  aux_sym_string_repeat1 = 120,
  aux_sym_query_repeat1 = 121,
  aux_sym_sort_clause_repeat1 = 122,
  aux_sym_field_path_repeat1 = 123,
  aux_sym_target_repeat1 = 124,
  aux_sym_body_repeat1 = 125,
  alias_sym_bare_word = 126,
  alias_sym_document_id = 127,
  alias_sym_file_name = 128,
  alias_sym_reference_name = 129,
};

static const char * const ts_symbol_names[] = {
  [ts_builtin_sym_end] = "end",
  [anon_sym_POUND_POUND_POUND] = "###",
  [sym_block_name] = "block_name",
  [aux_sym_description_token1] = "description_token1",
  [aux_sym__item_token1] = "_item_token1",
  [sym_comment] = "comment",
  [anon_sym_EQ] = "=",
  [sym_variable_name] = "variable_name",
  [anon_sym_LBRACE_LBRACE] = "{{",
  [anon_sym_RBRACE_RBRACE] = "}}",
  [aux_sym_reference_path_token1] = "field_name",
  [anon_sym_DOT] = ".",
  [anon_sym_LBRACK] = "[",
  [anon_sym_STAR] = "*",
  [anon_sym_RBRACK] = "]",
  [anon_sym_DQUOTE] = "\"",
  [sym_string_content] = "string_content",
  [sym_escape_sequence] = "escape_sequence",
  [sym_number] = "number",
  [anon_sym_true] = "true",
  [anon_sym_false] = "false",
  [sym_null] = "null",
  [aux_sym_query_token1] = "QUERY",
  [sym_type_name] = "type_name",
  [aux_sym_where_clause_token1] = "WHERE",
  [aux_sym_join_clause_token1] = "JOIN",
  [aux_sym_sort_clause_token1] = "SORT",
  [anon_sym_COMMA] = ",",
  [aux_sym_sort_key_token1] = "ASC",
  [aux_sym_sort_key_token2] = "DESC",
  [aux_sym_limit_clause_token1] = "LIMIT",
  [aux_sym_offset_clause_token1] = "OFFSET",
  [aux_sym_public_use_clause_token1] = "PUBLICUSE",
  [sym__and] = "&&",
  [sym__or] = "||",
  [anon_sym_LPAREN] = "(",
  [anon_sym_RPAREN] = ")",
  [anon_sym_BANG_EQ] = "!=",
  [anon_sym_PERCENT_EQ] = "%=",
  [anon_sym_LBRACE] = "{",
  [anon_sym_COLON] = ":",
  [anon_sym_RBRACE] = "}",
  [sym_field_name] = "field_name",
  [sym_alias] = "alias",
  [sym_parameter] = "parameter",
  [sym_single_quoted_string] = "single_quoted_string",
  [aux_sym_transaction_token1] = "TRANSACTION",
  [aux_sym_http_request_token1] = "GET",
  [aux_sym_http_request_token2] = "POST",
  [aux_sym_http_request_token3] = "PUT",
  [aux_sym_http_request_token4] = "DELETE",
  [aux_sym_target_token1] = "target_token1",
  [aux_sym_upload_token1] = "UPLOAD",
  [aux_sym_upload_token2] = "AS",
  [aux_sym_download_token1] = "DOWNLOAD",
  [aux_sym_download_token2] = "TO",
  [sym__word] = "file_path",
  [aux_sym_expectation_token1] = "EXPECT",
  [aux_sym_expectation_token2] = "exists",
  [aux_sym_expectation_token3] = "absent",
  [aux_sym__subject_token1] = "subject_keyword",
  [aux_sym__subject_token2] = "subject_keyword",
  [aux_sym__subject_token3] = "subject_keyword",
  [sym_header_name] = "header_name",
  [anon_sym_EQ_EQ] = "==",
  [anon_sym_LT] = "<",
  [anon_sym_LT_EQ] = "<=",
  [anon_sym_GT] = ">",
  [anon_sym_GT_EQ] = ">=",
  [anon_sym_TILDE] = "~",
  [sym_regex] = "regex",
  [aux_sym_retry_token1] = "RETRY",
  [aux_sym_retry_token2] = "EVERY",
  [sym_duration] = "duration",
  [sym__end_of_file] = "_end_of_file",
  [sym_source_file] = "source_file",
  [sym_block] = "block",
  [sym_block_header] = "block_header",
  [sym_description] = "description",
  [sym__item] = "_item",
  [sym__line_end] = "_line_end",
  [sym_variable] = "variable",
  [sym__value] = "_value",
  [sym_raw_value] = "raw_value",
  [sym_reference] = "reference",
  [sym_reference_path] = "reference_path",
  [sym_string] = "string",
  [sym_boolean] = "boolean",
  [sym_query] = "query",
  [sym__clause] = "_clause",
  [sym_where_clause] = "where_clause",
  [sym_join_clause] = "join_clause",
  [sym_sort_clause] = "sort_clause",
  [sym_sort_key] = "sort_key",
  [sym_limit_clause] = "limit_clause",
  [sym_offset_clause] = "offset_clause",
  [sym_public_use_clause] = "public_use_clause",
  [sym__expression] = "_expression",
  [sym_binary_expression] = "binary_expression",
  [sym_parenthesized_expression] = "parenthesized_expression",
  [sym_comparison] = "comparison",
  [sym__operand] = "_operand",
  [sym_range] = "range",
  [sym_field_path] = "field_path",
  [sym_transaction] = "transaction",
  [sym_http_request] = "http_request",
  [sym_target] = "target",
  [sym_body] = "body",
  [sym_body_line] = "body_line",
  [sym_upload] = "upload",
  [sym_download] = "download",
  [sym_expectation] = "expectation",
  [sym__subject] = "_subject",
  [sym_response_path] = "response_path",
  [sym_expect_operator] = "expect_operator",
  [sym__expected] = "_expected",
  [sym_retry] = "retry",
  [aux_sym_source_file_repeat1] = "source_file_repeat1",
  [aux_sym_source_file_repeat2] = "source_file_repeat2",
  [aux_sym_reference_path_repeat1] = "reference_path_repeat1",
  [aux_sym_string_repeat1] = "string_repeat1",
  [aux_sym_query_repeat1] = "query_repeat1",
  [aux_sym_sort_clause_repeat1] = "sort_clause_repeat1",
  [aux_sym_field_path_repeat1] = "field_path_repeat1",
  [aux_sym_target_repeat1] = "target_repeat1",
  [aux_sym_body_repeat1] = "body_repeat1",
  [alias_sym_bare_word] = "bare_word",
  [alias_sym_document_id] = "document_id",
  [alias_sym_file_name] = "file_name",
  [alias_sym_reference_name] = "reference_name",
};

static const TSSymbol ts_symbol_map[] = {
  [ts_builtin_sym_end] = ts_builtin_sym_end,
  [anon_sym_POUND_POUND_POUND] = anon_sym_POUND_POUND_POUND,
  [sym_block_name] = sym_block_name,
  [aux_sym_description_token1] = aux_sym_description_token1,
  [aux_sym__item_token1] = aux_sym__item_token1,
  [sym_comment] = sym_comment,
  [anon_sym_EQ] = anon_sym_EQ,
  [sym_variable_name] = sym_variable_name,
  [anon_sym_LBRACE_LBRACE] = anon_sym_LBRACE_LBRACE,
  [anon_sym_RBRACE_RBRACE] = anon_sym_RBRACE_RBRACE,
  [aux_sym_reference_path_token1] = sym_field_name,
  [anon_sym_DOT] = anon_sym_DOT,
  [anon_sym_LBRACK] = anon_sym_LBRACK,
  [anon_sym_STAR] = anon_sym_STAR,
  [anon_sym_RBRACK] = anon_sym_RBRACK,
  [anon_sym_DQUOTE] = anon_sym_DQUOTE,
  [sym_string_content] = sym_string_content,
  [sym_escape_sequence] = sym_escape_sequence,
  [sym_number] = sym_number,
  [anon_sym_true] = anon_sym_true,
  [anon_sym_false] = anon_sym_false,
  [sym_null] = sym_null,
  [aux_sym_query_token1] = aux_sym_query_token1,
  [sym_type_name] = sym_type_name,
  [aux_sym_where_clause_token1] = aux_sym_where_clause_token1,
  [aux_sym_join_clause_token1] = aux_sym_join_clause_token1,
  [aux_sym_sort_clause_token1] = aux_sym_sort_clause_token1,
  [anon_sym_COMMA] = anon_sym_COMMA,
  [aux_sym_sort_key_token1] = aux_sym_sort_key_token1,
  [aux_sym_sort_key_token2] = aux_sym_sort_key_token2,
  [aux_sym_limit_clause_token1] = aux_sym_limit_clause_token1,
  [aux_sym_offset_clause_token1] = aux_sym_offset_clause_token1,
  [aux_sym_public_use_clause_token1] = aux_sym_public_use_clause_token1,
  [sym__and] = sym__and,
  [sym__or] = sym__or,
  [anon_sym_LPAREN] = anon_sym_LPAREN,
  [anon_sym_RPAREN] = anon_sym_RPAREN,
  [anon_sym_BANG_EQ] = anon_sym_BANG_EQ,
  [anon_sym_PERCENT_EQ] = anon_sym_PERCENT_EQ,
  [anon_sym_LBRACE] = anon_sym_LBRACE,
  [anon_sym_COLON] = anon_sym_COLON,
  [anon_sym_RBRACE] = anon_sym_RBRACE,
  [sym_field_name] = sym_field_name,
  [sym_alias] = sym_alias,
  [sym_parameter] = sym_parameter,
  [sym_single_quoted_string] = sym_single_quoted_string,
  [aux_sym_transaction_token1] = aux_sym_transaction_token1,
  [aux_sym_http_request_token1] = aux_sym_http_request_token1,
  [aux_sym_http_request_token2] = aux_sym_http_request_token2,
  [aux_sym_http_request_token3] = aux_sym_http_request_token3,
  [aux_sym_http_request_token4] = aux_sym_http_request_token4,
  [aux_sym_target_token1] = aux_sym_target_token1,
  [aux_sym_upload_token1] = aux_sym_upload_token1,
  [aux_sym_upload_token2] = aux_sym_upload_token2,
  [aux_sym_download_token1] = aux_sym_download_token1,
  [aux_sym_download_token2] = aux_sym_download_token2,
  [sym__word] = sym__word,
  [aux_sym_expectation_token1] = aux_sym_expectation_token1,
  [aux_sym_expectation_token2] = aux_sym_expectation_token2,
  [aux_sym_expectation_token3] = aux_sym_expectation_token3,
  [aux_sym__subject_token1] = aux_sym__subject_token1,
  [aux_sym__subject_token2] = aux_sym__subject_token1,
  [aux_sym__subject_token3] = aux_sym__subject_token1,
  [sym_header_name] = sym_header_name,
  [anon_sym_EQ_EQ] = anon_sym_EQ_EQ,
  [anon_sym_LT] = anon_sym_LT,
  [anon_sym_LT_EQ] = anon_sym_LT_EQ,
  [anon_sym_GT] = anon_sym_GT,
  [anon_sym_GT_EQ] = anon_sym_GT_EQ,
  [anon_sym_TILDE] = anon_sym_TILDE,
  [sym_regex] = sym_regex,
  [aux_sym_retry_token1] = aux_sym_retry_token1,
  [aux_sym_retry_token2] = aux_sym_retry_token2,
  [sym_duration] = sym_duration,
  [sym__end_of_file] = sym__end_of_file,
  [sym_source_file] = sym_source_file,
  [sym_block] = sym_block,
  [sym_block_header] = sym_block_header,
  [sym_description] = sym_description,
  [sym__item] = sym__item,
  [sym__line_end] = sym__line_end,
  [sym_variable] = sym_variable,
  [sym__value] = sym__value,
  [sym_raw_value] = sym_raw_value,
  [sym_reference] = sym_reference,
  [sym_reference_path] = sym_reference_path,
  [sym_string] = sym_string,
  [sym_boolean] = sym_boolean,
  [sym_query] = sym_query,
  [sym__clause] = sym__clause,
  [sym_where_clause] = sym_where_clause,
  [sym_join_clause] = sym_join_clause,
  [sym_sort_clause] = sym_sort_clause,
  [sym_sort_key] = sym_sort_key,
  [sym_limit_clause] = sym_limit_clause,
  [sym_offset_clause] = sym_offset_clause,
  [sym_public_use_clause] = sym_public_use_clause,
  [sym__expression] = sym__expression,
  [sym_binary_expression] = sym_binary_expression,
  [sym_parenthesized_expression] = sym_parenthesized_expression,
  [sym_comparison] = sym_comparison,
  [sym__operand] = sym__operand,
  [sym_range] = sym_range,
  [sym_field_path] = sym_field_path,
  [sym_transaction] = sym_transaction,
  [sym_http_request] = sym_http_request,
  [sym_target] = sym_target,
  [sym_body] = sym_body,
  [sym_body_line] = sym_body_line,
  [sym_upload] = sym_upload,
  [sym_download] = sym_download,
  [sym_expectation] = sym_expectation,
  [sym__subject] = sym__subject,
  [sym_response_path] = sym_response_path,
  [sym_expect_operator] = sym_expect_operator,
  [sym__expected] = sym__expected,
  [sym_retry] = sym_retry,
  [aux_sym_source_file_repeat1] = aux_sym_source_file_repeat1,
  [aux_sym_source_file_repeat2] = aux_sym_source_file_repeat2,
  [aux_sym_reference_path_repeat1] = aux_sym_reference_path_repeat1,
  [aux_sym_string_repeat1] = aux_sym_string_repeat1,
  [aux_sym_query_repeat1] = aux_sym_query_repeat1,
  [aux_sym_sort_clause_repeat1] = aux_sym_sort_clause_repeat1,
  [aux_sym_field_path_repeat1] = aux_sym_field_path_repeat1,
  [aux_sym_target_repeat1] = aux_sym_target_repeat1,
  [aux_sym_body_repeat1] = aux_sym_body_repeat1,
  [alias_sym_bare_word] = alias_sym_bare_word,
  [alias_sym_document_id] = alias_sym_document_id,
  [alias_sym_file_name] = alias_sym_file_name,
  [alias_sym_reference_name] = alias_sym_reference_name,
};

static const TSSymbolMetadata ts_symbol_metadata[] = {
  [ts_builtin_sym_end] = {
    .visible = false,
    .named = true,
  },
  [anon_sym_POUND_POUND_POUND] = {
    .visible = true,
    .named = false,
  },
  [sym_block_name] = {
    .visible = true,
    .named = true,
  },
  [aux_sym_description_token1] = {
    .visible = false,
    .named = false,
  },
  [aux_sym__item_token1] = {
    .visible = false,
    .named = false,
  },
  [sym_comment] = {
    .visible = true,
    .named = true,
  },
  [anon_sym_EQ] = {
    .visible = true,
    .named = false,
  },
  [sym_variable_name] = {
    .visible = true,
    .named = true,
  },
  [anon_sym_LBRACE_LBRACE] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_RBRACE_RBRACE] = {
    .visible = true,
    .named = false,
  },
  [aux_sym_reference_path_token1] = {
    .visible = true,
    .named = true,
  },
  [anon_sym_DOT] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_LBRACK] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_STAR] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_RBRACK] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_DQUOTE] = {
    .visible = true,
    .named = false,
  },
  [sym_string_content] = {
    .visible = true,
    .named = true,
  },
  [sym_escape_sequence] = {
    .visible = true,
    .named = true,
  },
  [sym_number] = {
    .visible = true,
    .named = true,
  },
  [anon_sym_true] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_false] = {
    .visible = true,
    .named = false,
  },
  [sym_null] = {
    .visible = true,
    .named = true,
  },
  [aux_sym_query_token1] = {
    .visible = true,
    .named = false,
  },
  [sym_type_name] = {
    .visible = true,
    .named = true,
  },
  [aux_sym_where_clause_token1] = {
    .visible = true,
    .named = false,
  },
  [aux_sym_join_clause_token1] = {
    .visible = true,
    .named = false,
  },
  [aux_sym_sort_clause_token1] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_COMMA] = {
    .visible = true,
    .named = false,
  },
  [aux_sym_sort_key_token1] = {
    .visible = true,
    .named = false,
  },
  [aux_sym_sort_key_token2] = {
    .visible = true,
    .named = false,
  },
  [aux_sym_limit_clause_token1] = {
    .visible = true,
    .named = false,
  },
  [aux_sym_offset_clause_token1] = {
    .visible = true,
    .named = false,
  },
  [aux_sym_public_use_clause_token1] = {
    .visible = true,
    .named = false,
  },
  [sym__and] = {
    .visible = true,
    .named = false,
  },
  [sym__or] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_LPAREN] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_RPAREN] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_BANG_EQ] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_PERCENT_EQ] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_LBRACE] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_COLON] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_RBRACE] = {
    .visible = true,
    .named = false,
  },
  [sym_field_name] = {
    .visible = true,
    .named = true,
  },
  [sym_alias] = {
    .visible = true,
    .named = true,
  },
  [sym_parameter] = {
    .visible = true,
    .named = true,
  },
  [sym_single_quoted_string] = {
    .visible = true,
    .named = true,
  },
  [aux_sym_transaction_token1] = {
    .visible = true,
    .named = false,
  },
  [aux_sym_http_request_token1] = {
    .visible = true,
    .named = false,
  },
  [aux_sym_http_request_token2] = {
    .visible = true,
    .named = false,
  },
  [aux_sym_http_request_token3] = {
    .visible = true,
    .named = false,
  },
  [aux_sym_http_request_token4] = {
    .visible = true,
    .named = false,
  },
  [aux_sym_target_token1] = {
    .visible = false,
    .named = false,
  },
  [aux_sym_upload_token1] = {
    .visible = true,
    .named = false,
  },
  [aux_sym_upload_token2] = {
    .visible = true,
    .named = false,
  },
  [aux_sym_download_token1] = {
    .visible = true,
    .named = false,
  },
  [aux_sym_download_token2] = {
    .visible = true,
    .named = false,
  },
  [sym__word] = {
    .visible = true,
    .named = true,
  },
  [aux_sym_expectation_token1] = {
    .visible = true,
    .named = false,
  },
  [aux_sym_expectation_token2] = {
    .visible = true,
    .named = false,
  },
  [aux_sym_expectation_token3] = {
    .visible = true,
    .named = false,
  },
  [aux_sym__subject_token1] = {
    .visible = true,
    .named = true,
  },
  [aux_sym__subject_token2] = {
    .visible = true,
    .named = true,
  },
  [aux_sym__subject_token3] = {
    .visible = true,
    .named = true,
  },
  [sym_header_name] = {
    .visible = true,
    .named = true,
  },
  [anon_sym_EQ_EQ] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_LT] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_LT_EQ] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_GT] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_GT_EQ] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_TILDE] = {
    .visible = true,
    .named = false,
  },
  [sym_regex] = {
    .visible = true,
    .named = true,
  },
  [aux_sym_retry_token1] = {
    .visible = true,
    .named = false,
  },
  [aux_sym_retry_token2] = {
    .visible = true,
    .named = false,
  },
  [sym_duration] = {
    .visible = true,
    .named = true,
  },
  [sym__end_of_file] = {
    .visible = false,
    .named = true,
  },
  [sym_source_file] = {
    .visible = true,
    .named = true,
  },
  [sym_block] = {
    .visible = true,
    .named = true,
  },
  [sym_block_header] = {
    .visible = true,
    .named = true,
  },
  [sym_description] = {
    .visible = true,
    .named = true,
  },
  [sym__item] = {
    .visible = false,
    .named = true,
  },
  [sym__line_end] = {
    .visible = false,
    .named = true,
  },
  [sym_variable] = {
    .visible = true,
    .named = true,
  },
  [sym__value] = {
    .visible = false,
    .named = true,
  },
  [sym_raw_value] = {
    .visible = true,
    .named = true,
  },
  [sym_reference] = {
    .visible = true,
    .named = true,
  },
  [sym_reference_path] = {
    .visible = true,
    .named = true,
  },
  [sym_string] = {
    .visible = true,
    .named = true,
  },
  [sym_boolean] = {
    .visible = true,
    .named = true,
  },
  [sym_query] = {
    .visible = true,
    .named = true,
  },
  [sym__clause] = {
    .visible = false,
    .named = true,
  },
  [sym_where_clause] = {
    .visible = true,
    .named = true,
  },
  [sym_join_clause] = {
    .visible = true,
    .named = true,
  },
  [sym_sort_clause] = {
    .visible = true,
    .named = true,
  },
  [sym_sort_key] = {
    .visible = true,
    .named = true,
  },
  [sym_limit_clause] = {
    .visible = true,
    .named = true,
  },
  [sym_offset_clause] = {
    .visible = true,
    .named = true,
  },
  [sym_public_use_clause] = {
    .visible = true,
    .named = true,
  },
  [sym__expression] = {
    .visible = false,
    .named = true,
  },
  [sym_binary_expression] = {
    .visible = true,
    .named = true,
  },
  [sym_parenthesized_expression] = {
    .visible = true,
    .named = true,
  },
  [sym_comparison] = {
    .visible = true,
    .named = true,
  },
  [sym__operand] = {
    .visible = false,
    .named = true,
  },
  [sym_range] = {
    .visible = true,
    .named = true,
  },
  [sym_field_path] = {
    .visible = true,
    .named = true,
  },
  [sym_transaction] = {
    .visible = true,
    .named = true,
  },
  [sym_http_request] = {
    .visible = true,
    .named = true,
  },
  [sym_target] = {
    .visible = true,
    .named = true,
  },
  [sym_body] = {
    .visible = true,
    .named = true,
  },
  [sym_body_line] = {
    .visible = true,
    .named = true,
  },
  [sym_upload] = {
    .visible = true,
    .named = true,
  },
  [sym_download] = {
    .visible = true,
    .named = true,
  },
  [sym_expectation] = {
    .visible = true,
    .named = true,
  },
  [sym__subject] = {
    .visible = false,
    .named = true,
  },
  [sym_response_path] = {
    .visible = true,
    .named = true,
  },
  [sym_expect_operator] = {
    .visible = true,
    .named = true,
  },
  [sym__expected] = {
    .visible = false,
    .named = true,
  },
  [sym_retry] = {
    .visible = true,
    .named = true,
  },
  [aux_sym_source_file_repeat1] = {
    .visible = false,
    .named = false,
  },
  [aux_sym_source_file_repeat2] = {
    .visible = false,
    .named = false,
  },
  [aux_sym_reference_path_repeat1] = {
    .visible = false,
    .named = false,
  },
  [aux_sym_string_repeat1] = {
    .visible = false,
    .named = false,
  },
  [aux_sym_query_repeat1] = {
    .visible = false,
    .named = false,
  },
  [aux_sym_sort_clause_repeat1] = {
    .visible = false,
    .named = false,
  },
  [aux_sym_field_path_repeat1] = {
    .visible = false,
    .named = false,
  },
  [aux_sym_target_repeat1] = {
    .visible = false,
    .named = false,
  },
  [aux_sym_body_repeat1] = {
    .visible = false,
    .named = false,
  },
  [alias_sym_bare_word] = {
    .visible = true,
    .named = true,
  },
  [alias_sym_document_id] = {
    .visible = true,
    .named = true,
  },
  [alias_sym_file_name] = {
    .visible = true,
    .named = true,
  },
  [alias_sym_reference_name] = {
    .visible = true,
    .named = true,
  },
};

enum ts_field_identifiers {
  field_alias = 1,
  field_count = 2,
  field_description = 3,
  field_field = 4,
  field_header = 5,
  field_id = 6,
  field_interval = 7,
  field_left = 8,
  field_method = 9,
  field_name = 10,
  field_operator = 11,
  field_order = 12,
  field_path = 13,
  field_right = 14,
  field_root = 15,
  field_subject = 16,
  field_target = 17,
  field_test = 18,
  field_type = 19,
  field_value = 20,
};

static const char * const ts_field_names[] = {
  [0] = NULL,
  [field_alias] = "alias",
  [field_count] = "count",
  [field_description] = "description",
  [field_field] = "field",
  [field_header] = "header",
  [field_id] = "id",
  [field_interval] = "interval",
  [field_left] = "left",
  [field_method] = "method",
  [field_name] = "name",
  [field_operator] = "operator",
  [field_order] = "order",
  [field_path] = "path",
  [field_right] = "right",
  [field_root] = "root",
  [field_subject] = "subject",
  [field_target] = "target",
  [field_test] = "test",
  [field_type] = "type",
  [field_value] = "value",
};

static const TSFieldMapSlice ts_field_map_slices[PRODUCTION_ID_COUNT] = {
  [1] = {.index = 0, .length = 1},
  [2] = {.index = 1, .length = 1},
  [3] = {.index = 2, .length = 1},
  [4] = {.index = 3, .length = 1},
  [5] = {.index = 4, .length = 1},
  [6] = {.index = 5, .length = 1},
  [7] = {.index = 6, .length = 2},
  [8] = {.index = 8, .length = 1},
  [9] = {.index = 9, .length = 1},
  [10] = {.index = 9, .length = 1},
  [11] = {.index = 10, .length = 1},
  [12] = {.index = 11, .length = 1},
  [13] = {.index = 12, .length = 2},
  [14] = {.index = 14, .length = 2},
  [15] = {.index = 16, .length = 1},
  [16] = {.index = 17, .length = 1},
  [17] = {.index = 18, .length = 3},
  [18] = {.index = 21, .length = 3},
  [19] = {.index = 24, .length = 1},
  [20] = {.index = 25, .length = 1},
  [21] = {.index = 26, .length = 2},
  [22] = {.index = 28, .length = 2},
  [23] = {.index = 28, .length = 2},
  [24] = {.index = 30, .length = 4},
  [25] = {.index = 34, .length = 2},
  [26] = {.index = 36, .length = 3},
  [28] = {.index = 39, .length = 3},
  [29] = {.index = 42, .length = 2},
};

static const TSFieldMapEntry ts_field_map_entries[] = {
  [0] =
    {field_method, 0},
  [1] =
    {field_name, 1},
  [2] =
    {field_description, 1},
  [3] =
    {field_name, 0},
  [4] =
    {field_type, 1},
  [5] =
    {field_root, 0},
  [6] =
    {field_method, 0},
    {field_target, 1},
  [8] =
    {field_path, 1},
  [9] =
    {field_id, 1},
  [10] =
    {field_header, 1},
  [11] =
    {field_count, 1},
  [12] =
    {field_description, 2},
    {field_name, 1},
  [14] =
    {field_name, 0},
    {field_value, 2},
  [16] =
    {field_name, 2},
  [17] =
    {field_path, 2},
  [18] =
    {field_header, 1, .inherited = true},
    {field_subject, 1},
    {field_test, 2},
  [21] =
    {field_header, 1, .inherited = true},
    {field_operator, 2},
    {field_subject, 1},
  [24] =
    {field_interval, 2},
  [25] =
    {field_order, 1},
  [26] =
    {field_name, 3},
    {field_path, 1},
  [28] =
    {field_id, 1},
    {field_path, 3},
  [30] =
    {field_header, 1, .inherited = true},
    {field_operator, 2},
    {field_subject, 1},
    {field_value, 3},
  [34] =
    {field_count, 1},
    {field_interval, 3},
  [36] =
    {field_left, 0},
    {field_operator, 1},
    {field_right, 2},
  [39] =
    {field_field, 0},
    {field_operator, 1},
    {field_value, 2},
  [42] =
    {field_alias, 1},
    {field_path, 3},
};

static const TSSymbol ts_alias_sequences[PRODUCTION_ID_COUNT][MAX_ALIAS_SEQUENCE_LENGTH] = {
  [0] = {0},
  [6] = {
    [0] = alias_sym_reference_name,
  },
  [9] = {
    [1] = alias_sym_document_id,
  },
  [15] = {
    [2] = alias_sym_file_name,
  },
  [16] = {
    [2] = sym__word,
  },
  [21] = {
    [3] = alias_sym_file_name,
  },
  [22] = {
    [1] = alias_sym_document_id,
    [3] = sym__word,
  },
  [23] = {
    [3] = sym__word,
  },
  [27] = {
    [0] = alias_sym_bare_word,
  },
};

static const uint16_t ts_non_terminal_alias_map[] = {
  sym_raw_value, 3,
    sym_raw_value,
    alias_sym_file_name,
    sym__word,
  0,
};

static const TSStateId ts_primary_state_ids[STATE_COUNT] = {
  [0] = 0,
  [1] = 1,
  [2] = 2,
  [3] = 3,
  [4] = 4,
  [5] = 5,
  [6] = 6,
  [7] = 7,
  [8] = 8,
  [9] = 9,
  [10] = 10,
  [11] = 11,
  [12] = 12,
  [13] = 13,
  [14] = 14,
  [15] = 15,
  [16] = 16,
  [17] = 17,
  [18] = 18,
  [19] = 19,
  [20] = 20,
  [21] = 21,
  [22] = 22,
  [23] = 23,
  [24] = 24,
  [25] = 25,
  [26] = 26,
  [27] = 27,
  [28] = 28,
  [29] = 29,
  [30] = 30,
  [31] = 31,
  [32] = 32,
  [33] = 33,
  [34] = 34,
  [35] = 35,
  [36] = 36,
  [37] = 37,
  [38] = 38,
  [39] = 39,
  [40] = 40,
  [41] = 41,
  [42] = 42,
  [43] = 43,
  [44] = 44,
  [45] = 45,
  [46] = 46,
  [47] = 47,
  [48] = 48,
  [49] = 49,
  [50] = 50,
  [51] = 51,
  [52] = 52,
  [53] = 53,
  [54] = 54,
  [55] = 55,
  [56] = 56,
  [57] = 57,
  [58] = 58,
  [59] = 59,
  [60] = 60,
  [61] = 61,
  [62] = 62,
  [63] = 63,
  [64] = 64,
  [65] = 65,
  [66] = 66,
  [67] = 67,
  [68] = 68,
  [69] = 69,
  [70] = 69,
  [71] = 71,
  [72] = 72,
  [73] = 73,
  [74] = 73,
  [75] = 75,
  [76] = 75,
  [77] = 72,
  [78] = 78,
  [79] = 79,
  [80] = 80,
  [81] = 81,
  [82] = 82,
  [83] = 83,
  [84] = 83,
  [85] = 85,
  [86] = 82,
  [87] = 87,
  [88] = 88,
  [89] = 89,
  [90] = 82,
  [91] = 91,
  [92] = 83,
  [93] = 93,
  [94] = 94,
  [95] = 95,
  [96] = 78,
  [97] = 97,
  [98] = 98,
  [99] = 99,
  [100] = 100,
  [101] = 101,
  [102] = 102,
  [103] = 80,
  [104] = 79,
  [105] = 105,
  [106] = 106,
  [107] = 107,
  [108] = 108,
  [109] = 109,
  [110] = 110,
  [111] = 111,
  [112] = 112,
  [113] = 113,
  [114] = 114,
  [115] = 93,
  [116] = 116,
  [117] = 117,
  [118] = 118,
  [119] = 119,
  [120] = 120,
  [121] = 121,
  [122] = 122,
  [123] = 123,
  [124] = 124,
  [125] = 125,
  [126] = 126,
  [127] = 127,
  [128] = 111,
  [129] = 129,
  [130] = 130,
  [131] = 131,
  [132] = 129,
  [133] = 133,
  [134] = 134,
  [135] = 135,
  [136] = 136,
  [137] = 137,
  [138] = 138,
  [139] = 139,
  [140] = 140,
  [141] = 141,
  [142] = 142,
  [143] = 143,
  [144] = 144,
  [145] = 145,
  [146] = 146,
  [147] = 147,
  [148] = 148,
  [149] = 149,
  [150] = 150,
  [151] = 151,
  [152] = 152,
  [153] = 153,
  [154] = 111,
  [155] = 155,
  [156] = 129,
  [157] = 114,
  [158] = 153,
  [159] = 159,
  [160] = 117,
  [161] = 118,
  [162] = 119,
  [163] = 120,
  [164] = 123,
  [165] = 165,
  [166] = 124,
  [167] = 167,
  [168] = 125,
  [169] = 143,
  [170] = 170,
  [171] = 171,
  [172] = 134,
  [173] = 173,
  [174] = 143,
  [175] = 175,
  [176] = 176,
  [177] = 124,
  [178] = 178,
  [179] = 179,
  [180] = 180,
  [181] = 181,
  [182] = 182,
  [183] = 183,
  [184] = 184,
  [185] = 185,
  [186] = 186,
  [187] = 187,
  [188] = 188,
  [189] = 185,
  [190] = 190,
  [191] = 125,
  [192] = 192,
  [193] = 193,
  [194] = 194,
  [195] = 195,
  [196] = 196,
  [197] = 196,
  [198] = 198,
  [199] = 199,
  [200] = 200,
  [201] = 201,
  [202] = 202,
  [203] = 193,
  [204] = 193,
  [205] = 205,
  [206] = 206,
  [207] = 207,
  [208] = 206,
  [209] = 201,
  [210] = 199,
};

static bool ts_lex(TSLexer *lexer, TSStateId state) {
  START_LEXER();
  eof = lexer->eof(lexer);
  switch (state) {
    case 0:
      if (eof) ADVANCE(141);
      ADVANCE_MAP(
        '\n', 319,
        '\r', 1,
        '!', 25,
        '"', 350,
        '#', 320,
        '$', 345,
        '%', 26,
        '&', 19,
        '\'', 20,
        '(', 382,
        ')', 383,
        '*', 348,
        ',', 372,
        '-', 24,
        '.', 346,
        '/', 22,
        '0', 355,
        ':', 388,
        '<', 422,
        '=', 326,
        '>', 424,
        '@', 327,
        'T', 186,
        '[', 347,
        '\\', 34,
        ']', 349,
        '_', 331,
        'f', 144,
        'n', 151,
        't', 143,
        '{', 387,
        '|', 37,
        '}', 390,
        '~', 426,
        'A', 158,
        'a', 158,
        'D', 167,
        'd', 167,
        'E', 240,
        'e', 240,
        'G', 168,
        'g', 168,
        'H', 173,
        'h', 173,
        'J', 205,
        'j', 205,
        'L', 187,
        'l', 187,
        'O', 183,
        'o', 183,
        'P', 206,
        'p', 206,
        'Q', 237,
        'q', 237,
        'R', 174,
        'r', 174,
        'S', 204,
        's', 204,
        'U', 210,
        'u', 210,
        'W', 185,
        'w', 185,
      );
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == ' ' ||
          lookahead == 0xfeff) SKIP(138);
      if (('1' <= lookahead && lookahead <= '9')) ADVANCE(356);
      if (('B' <= lookahead && lookahead <= 'Z') ||
          ('b' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 1:
      if (lookahead == '\n') ADVANCE(319);
      END_STATE();
    case 2:
      if (lookahead == '\n') ADVANCE(378);
      END_STATE();
    case 3:
      if (lookahead == '\n') ADVANCE(378);
      if (lookahead == '\r') ADVANCE(2);
      if (lookahead == '\t' ||
          lookahead == ' ') ADVANCE(3);
      END_STATE();
    case 4:
      if (lookahead == '\n') ADVANCE(380);
      END_STATE();
    case 5:
      if (lookahead == '\n') ADVANCE(380);
      if (lookahead == '\r') ADVANCE(4);
      if (lookahead == '\t' ||
          lookahead == ' ') ADVANCE(5);
      END_STATE();
    case 6:
      if (lookahead == '\n') ADVANCE(318);
      END_STATE();
    case 7:
      ADVANCE_MAP(
        '\n', 318,
        '\r', 6,
        '!', 25,
        '#', 134,
        '%', 26,
        '(', 382,
        '.', 346,
        '=', 325,
        '@', 135,
        ']', 349,
        '}', 389,
      );
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == ' ' ||
          lookahead == 0xfeff) SKIP(7);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(32);
      if (('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(391);
      END_STATE();
    case 8:
      ADVANCE_MAP(
        '\n', 318,
        '\r', 6,
        '"', 350,
        '\'', 20,
        '-', 24,
        '0', 357,
        '@', 135,
        '[', 347,
        '{', 386,
      );
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == ' ' ||
          lookahead == 0xfeff) SKIP(8);
      if (('1' <= lookahead && lookahead <= '9')) ADVANCE(358);
      if (('A' <= lookahead && lookahead <= 'Z') ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(368);
      END_STATE();
    case 9:
      ADVANCE_MAP(
        '\n', 318,
        '\r', 6,
        '"', 350,
        '-', 256,
        '/', 253,
        '0', 359,
        '@', 316,
        'f', 257,
        'n', 266,
        't', 263,
        '{', 267,
        0xfeff, 247,
      );
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == ' ') SKIP(9);
      if (('1' <= lookahead && lookahead <= '9')) ADVANCE(360);
      if (lookahead != 0 &&
          (lookahead < '\t' || '\r' < lookahead)) ADVANCE(317);
      END_STATE();
    case 10:
      ADVANCE_MAP(
        '\n', 318,
        '\r', 6,
        '"', 350,
        '-', 256,
        '0', 359,
        'f', 257,
        'n', 266,
        't', 263,
        '{', 267,
        0xfeff, 248,
      );
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == ' ') SKIP(10);
      if (('1' <= lookahead && lookahead <= '9')) ADVANCE(360);
      if (lookahead != 0 &&
          (lookahead < '\t' || '\r' < lookahead)) ADVANCE(317);
      END_STATE();
    case 11:
      if (lookahead == '\n') ADVANCE(318);
      if (lookahead == '\r') ADVANCE(6);
      if (lookahead == '{') ADVANCE(401);
      if (lookahead == 0xfeff) ADVANCE(400);
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == ' ') SKIP(11);
      if (lookahead != 0 &&
          (lookahead < '\t' || '\r' < lookahead)) ADVANCE(402);
      END_STATE();
    case 12:
      if (lookahead == '\n') ADVANCE(318);
      if (lookahead == '\r') ADVANCE(6);
      if (lookahead == '{') ADVANCE(409);
      if (lookahead == 0xfeff) ADVANCE(407);
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(410);
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == ' ') SKIP(12);
      if (lookahead != 0 &&
          (lookahead < '\t' || '\r' < lookahead)) ADVANCE(412);
      END_STATE();
    case 13:
      if (lookahead == '\n') ADVANCE(318);
      if (lookahead == '\r') ADVANCE(6);
      if (lookahead == 0xfeff) ADVANCE(250);
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == ' ') SKIP(13);
      if (('A' <= lookahead && lookahead <= 'Z') ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(246);
      if (lookahead != 0 &&
          (lookahead < '\t' || '\r' < lookahead)) ADVANCE(317);
      END_STATE();
    case 14:
      if (lookahead == '\n') ADVANCE(318);
      if (lookahead == '\r') ADVANCE(6);
      if (lookahead == 0xfeff) ADVANCE(251);
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == ' ') SKIP(14);
      if (lookahead != 0 &&
          (lookahead < '\t' || '\r' < lookahead)) ADVANCE(317);
      END_STATE();
    case 15:
      if (lookahead == '\n') ADVANCE(318);
      if (lookahead == '\r') ADVANCE(6);
      if (lookahead == 0xfeff) ADVANCE(408);
      if (lookahead == 'A' ||
          lookahead == 'a') ADVANCE(411);
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == ' ') SKIP(15);
      if (lookahead != 0 &&
          (lookahead < '\t' || '\r' < lookahead)) ADVANCE(412);
      END_STATE();
    case 16:
      if (lookahead == '\n') ADVANCE(318);
      if (lookahead == '\r') ADVANCE(6);
      if (lookahead == 'A' ||
          lookahead == 'a') ADVANCE(102);
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == ' ' ||
          lookahead == 0xfeff) SKIP(16);
      END_STATE();
    case 17:
      if (lookahead == '"') ADVANCE(350);
      if (lookahead == '\\') ADVANCE(34);
      if (lookahead == '{') ADVANCE(351);
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == ' ' ||
          lookahead == 0xfeff) ADVANCE(352);
      if (lookahead != 0 &&
          lookahead != '\t' &&
          lookahead != '\n' &&
          lookahead != '\f' &&
          lookahead != '\r') ADVANCE(353);
      END_STATE();
    case 18:
      if (lookahead == '&') ADVANCE(19);
      if (lookahead == '|') ADVANCE(37);
      if (lookahead == '\t' ||
          lookahead == ' ') ADVANCE(18);
      END_STATE();
    case 19:
      if (lookahead == '&') ADVANCE(379);
      END_STATE();
    case 20:
      if (lookahead == '\'') ADVANCE(394);
      if (lookahead != 0 &&
          lookahead != '\n') ADVANCE(20);
      END_STATE();
    case 21:
      if (lookahead == '/') ADVANCE(324);
      END_STATE();
    case 22:
      if (lookahead == '/') ADVANCE(323);
      if (lookahead == '\\') ADVANCE(137);
      if (lookahead != 0 &&
          lookahead != '\n') ADVANCE(23);
      END_STATE();
    case 23:
      if (lookahead == '/') ADVANCE(427);
      if (lookahead == '\\') ADVANCE(137);
      if (lookahead != 0 &&
          lookahead != '\n') ADVANCE(23);
      END_STATE();
    case 24:
      if (lookahead == '0') ADVANCE(357);
      if (('1' <= lookahead && lookahead <= '9')) ADVANCE(358);
      END_STATE();
    case 25:
      if (lookahead == '=') ADVANCE(384);
      END_STATE();
    case 26:
      if (lookahead == '=') ADVANCE(385);
      END_STATE();
    case 27:
      if (lookahead == 'R') ADVANCE(43);
      if (lookahead == 'r') ADVANCE(35);
      if (lookahead == 'O' ||
          lookahead == 'o') ADVANCE(406);
      END_STATE();
    case 28:
      if (lookahead == 'a') ADVANCE(31);
      END_STATE();
    case 29:
      if (lookahead == 'e') ADVANCE(364);
      END_STATE();
    case 30:
      if (lookahead == 'e') ADVANCE(365);
      END_STATE();
    case 31:
      if (lookahead == 'l') ADVANCE(33);
      END_STATE();
    case 32:
      if (lookahead == 'm') ADVANCE(431);
      if (lookahead == 's') ADVANCE(430);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(32);
      END_STATE();
    case 33:
      if (lookahead == 's') ADVANCE(30);
      END_STATE();
    case 34:
      ADVANCE_MAP(
        'u', 133,
        '"', 354,
        '/', 354,
        '\\', 354,
        'b', 354,
        'f', 354,
        'n', 354,
        'r', 354,
        't', 354,
      );
      END_STATE();
    case 35:
      if (lookahead == 'u') ADVANCE(29);
      if (lookahead == 'A' ||
          lookahead == 'a') ADVANCE(86);
      END_STATE();
    case 36:
      if (lookahead == '{') ADVANCE(329);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r' &&
          lookahead != '"' &&
          lookahead != '\\') ADVANCE(353);
      END_STATE();
    case 37:
      if (lookahead == '|') ADVANCE(381);
      END_STATE();
    case 38:
      if (lookahead == '}') ADVANCE(330);
      END_STATE();
    case 39:
      if (lookahead == '}') ADVANCE(38);
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == ' ' ||
          lookahead == 0xfeff) SKIP(39);
      if (lookahead == '$' ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(345);
      END_STATE();
    case 40:
      if (lookahead == 0xfeff) ADVANCE(252);
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == ' ') SKIP(40);
      if (lookahead != 0 &&
          (lookahead < '\t' || '\r' < lookahead)) ADVANCE(317);
      END_STATE();
    case 41:
      if (lookahead == 0xfeff) ADVANCE(419);
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == ' ') SKIP(41);
      if (lookahead != 0 &&
          (lookahead < '\t' || '\r' < lookahead) &&
          lookahead != ' ' &&
          lookahead != '!' &&
          lookahead != '%' &&
          (lookahead < '<' || '>' < lookahead) &&
          lookahead != '~') ADVANCE(420);
      END_STATE();
    case 42:
      if (lookahead == '+' ||
          lookahead == '-') ADVANCE(129);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(363);
      END_STATE();
    case 43:
      if (lookahead == 'A' ||
          lookahead == 'a') ADVANCE(86);
      END_STATE();
    case 44:
      if (lookahead == 'A' ||
          lookahead == 'a') ADVANCE(54);
      END_STATE();
    case 45:
      if (lookahead == 'A' ||
          lookahead == 'a') ADVANCE(55);
      END_STATE();
    case 46:
      if (lookahead == 'A' ||
          lookahead == 'a') ADVANCE(53);
      END_STATE();
    case 47:
      if (lookahead == 'B' ||
          lookahead == 'b') ADVANCE(104);
      if (lookahead == 'S' ||
          lookahead == 's') ADVANCE(50);
      END_STATE();
    case 48:
      if (lookahead == 'B' ||
          lookahead == 'b') ADVANCE(81);
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(398);
      END_STATE();
    case 49:
      if (lookahead == 'C' ||
          lookahead == 'c') ADVANCE(374);
      END_STATE();
    case 50:
      if (lookahead == 'C' ||
          lookahead == 'c') ADVANCE(373);
      END_STATE();
    case 51:
      if (lookahead == 'C' ||
          lookahead == 'c') ADVANCE(121);
      END_STATE();
    case 52:
      if (lookahead == 'C' ||
          lookahead == 'c') ADVANCE(115);
      END_STATE();
    case 53:
      if (lookahead == 'C' ||
          lookahead == 'c') ADVANCE(118);
      END_STATE();
    case 54:
      if (lookahead == 'D' ||
          lookahead == 'd') ADVANCE(403);
      END_STATE();
    case 55:
      if (lookahead == 'D' ||
          lookahead == 'd') ADVANCE(405);
      END_STATE();
    case 56:
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(369);
      END_STATE();
    case 57:
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(399);
      END_STATE();
    case 58:
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(377);
      END_STATE();
    case 59:
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(82);
      if (lookahead == 'O' ||
          lookahead == 'o') ADVANCE(124);
      END_STATE();
    case 60:
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(110);
      END_STATE();
    case 61:
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(117);
      END_STATE();
    case 62:
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(97);
      END_STATE();
    case 63:
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(52);
      END_STATE();
    case 64:
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(98);
      END_STATE();
    case 65:
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(87);
      END_STATE();
    case 66:
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(120);
      END_STATE();
    case 67:
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(101);
      END_STATE();
    case 68:
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(116);
      END_STATE();
    case 69:
      if (lookahead == 'F' ||
          lookahead == 'f') ADVANCE(70);
      END_STATE();
    case 70:
      if (lookahead == 'F' ||
          lookahead == 'f') ADVANCE(109);
      END_STATE();
    case 71:
      if (lookahead == 'H' ||
          lookahead == 'h') ADVANCE(336);
      if (lookahead == 'S' ||
          lookahead == 's') ADVANCE(343);
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(338);
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == ' ' ||
          lookahead == 0xfeff) SKIP(71);
      if (lookahead == '$' ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(345);
      END_STATE();
    case 72:
      if (lookahead == 'H' ||
          lookahead == 'h') ADVANCE(67);
      END_STATE();
    case 73:
      if (lookahead == 'I' ||
          lookahead == 'i') ADVANCE(83);
      END_STATE();
    case 74:
      if (lookahead == 'I' ||
          lookahead == 'i') ADVANCE(84);
      END_STATE();
    case 75:
      if (lookahead == 'I' ||
          lookahead == 'i') ADVANCE(51);
      END_STATE();
    case 76:
      if (lookahead == 'I' ||
          lookahead == 'i') ADVANCE(95);
      END_STATE();
    case 77:
      if (lookahead == 'I' ||
          lookahead == 'i') ADVANCE(113);
      END_STATE();
    case 78:
      if (lookahead == 'I' ||
          lookahead == 'i') ADVANCE(107);
      if (lookahead == 'P' ||
          lookahead == 'p') ADVANCE(63);
      END_STATE();
    case 79:
      if (lookahead == 'L' ||
          lookahead == 'l') ADVANCE(92);
      END_STATE();
    case 80:
      if (lookahead == 'L' ||
          lookahead == 'l') ADVANCE(94);
      END_STATE();
    case 81:
      if (lookahead == 'L' ||
          lookahead == 'l') ADVANCE(75);
      END_STATE();
    case 82:
      if (lookahead == 'L' ||
          lookahead == 'l') ADVANCE(66);
      if (lookahead == 'S' ||
          lookahead == 's') ADVANCE(49);
      END_STATE();
    case 83:
      if (lookahead == 'M' ||
          lookahead == 'm') ADVANCE(77);
      END_STATE();
    case 84:
      if (lookahead == 'N' ||
          lookahead == 'n') ADVANCE(370);
      END_STATE();
    case 85:
      if (lookahead == 'N' ||
          lookahead == 'n') ADVANCE(395);
      END_STATE();
    case 86:
      if (lookahead == 'N' ||
          lookahead == 'n') ADVANCE(105);
      END_STATE();
    case 87:
      if (lookahead == 'N' ||
          lookahead == 'n') ADVANCE(114);
      END_STATE();
    case 88:
      if (lookahead == 'N' ||
          lookahead == 'n') ADVANCE(80);
      END_STATE();
    case 89:
      if (lookahead == 'O' ||
          lookahead == 'o') ADVANCE(406);
      if (lookahead == 'R' ||
          lookahead == 'r') ADVANCE(43);
      END_STATE();
    case 90:
      if (lookahead == 'O' ||
          lookahead == 'o') ADVANCE(100);
      END_STATE();
    case 91:
      if (lookahead == 'O' ||
          lookahead == 'o') ADVANCE(74);
      END_STATE();
    case 92:
      if (lookahead == 'O' ||
          lookahead == 'o') ADVANCE(44);
      END_STATE();
    case 93:
      if (lookahead == 'O' ||
          lookahead == 'o') ADVANCE(106);
      if (lookahead == 'U' ||
          lookahead == 'u') ADVANCE(48);
      END_STATE();
    case 94:
      if (lookahead == 'O' ||
          lookahead == 'o') ADVANCE(45);
      END_STATE();
    case 95:
      if (lookahead == 'O' ||
          lookahead == 'o') ADVANCE(85);
      END_STATE();
    case 96:
      if (lookahead == 'P' ||
          lookahead == 'p') ADVANCE(79);
      END_STATE();
    case 97:
      if (lookahead == 'R' ||
          lookahead == 'r') ADVANCE(125);
      END_STATE();
    case 98:
      if (lookahead == 'R' ||
          lookahead == 'r') ADVANCE(126);
      END_STATE();
    case 99:
      if (lookahead == 'R' ||
          lookahead == 'r') ADVANCE(127);
      END_STATE();
    case 100:
      if (lookahead == 'R' ||
          lookahead == 'r') ADVANCE(112);
      END_STATE();
    case 101:
      if (lookahead == 'R' ||
          lookahead == 'r') ADVANCE(56);
      END_STATE();
    case 102:
      if (lookahead == 'S' ||
          lookahead == 's') ADVANCE(404);
      END_STATE();
    case 103:
      if (lookahead == 'S' ||
          lookahead == 's') ADVANCE(414);
      END_STATE();
    case 104:
      if (lookahead == 'S' ||
          lookahead == 's') ADVANCE(65);
      END_STATE();
    case 105:
      if (lookahead == 'S' ||
          lookahead == 's') ADVANCE(46);
      END_STATE();
    case 106:
      if (lookahead == 'S' ||
          lookahead == 's') ADVANCE(111);
      END_STATE();
    case 107:
      if (lookahead == 'S' ||
          lookahead == 's') ADVANCE(119);
      END_STATE();
    case 108:
      if (lookahead == 'S' ||
          lookahead == 's') ADVANCE(58);
      END_STATE();
    case 109:
      if (lookahead == 'S' ||
          lookahead == 's') ADVANCE(68);
      END_STATE();
    case 110:
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(396);
      END_STATE();
    case 111:
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(397);
      END_STATE();
    case 112:
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(371);
      END_STATE();
    case 113:
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(375);
      END_STATE();
    case 114:
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(415);
      END_STATE();
    case 115:
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(413);
      END_STATE();
    case 116:
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(376);
      END_STATE();
    case 117:
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(99);
      END_STATE();
    case 118:
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(76);
      END_STATE();
    case 119:
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(103);
      END_STATE();
    case 120:
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(57);
      END_STATE();
    case 121:
      if (lookahead == 'U' ||
          lookahead == 'u') ADVANCE(108);
      END_STATE();
    case 122:
      if (lookahead == 'U' ||
          lookahead == 'u') ADVANCE(64);
      END_STATE();
    case 123:
      if (lookahead == 'V' ||
          lookahead == 'v') ADVANCE(62);
      if (lookahead == 'X' ||
          lookahead == 'x') ADVANCE(78);
      END_STATE();
    case 124:
      if (lookahead == 'W' ||
          lookahead == 'w') ADVANCE(88);
      END_STATE();
    case 125:
      if (lookahead == 'Y' ||
          lookahead == 'y') ADVANCE(429);
      END_STATE();
    case 126:
      if (lookahead == 'Y' ||
          lookahead == 'y') ADVANCE(367);
      END_STATE();
    case 127:
      if (lookahead == 'Y' ||
          lookahead == 'y') ADVANCE(428);
      END_STATE();
    case 128:
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(361);
      END_STATE();
    case 129:
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(363);
      END_STATE();
    case 130:
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(354);
      END_STATE();
    case 131:
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(130);
      END_STATE();
    case 132:
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(131);
      END_STATE();
    case 133:
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'F') ||
          ('a' <= lookahead && lookahead <= 'f')) ADVANCE(132);
      END_STATE();
    case 134:
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(392);
      END_STATE();
    case 135:
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(393);
      END_STATE();
    case 136:
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r' &&
          lookahead != '"' &&
          lookahead != '\\' &&
          lookahead != '{') ADVANCE(353);
      END_STATE();
    case 137:
      if (lookahead != 0 &&
          lookahead != '\n') ADVANCE(23);
      END_STATE();
    case 138:
      if (eof) ADVANCE(141);
      ADVANCE_MAP(
        '\n', 319,
        '\r', 1,
        '!', 25,
        '"', 350,
        '#', 320,
        '$', 345,
        '%', 26,
        '&', 19,
        '\'', 20,
        '(', 382,
        ')', 383,
        '*', 348,
        ',', 372,
        '-', 24,
        '.', 346,
        '/', 22,
        '0', 355,
        ':', 388,
        '<', 422,
        '=', 326,
        '>', 424,
        '@', 327,
        'T', 186,
        '[', 347,
        ']', 349,
        '_', 331,
        'f', 144,
        'n', 151,
        't', 143,
        '{', 387,
        '|', 37,
        '}', 390,
        '~', 426,
        'A', 158,
        'a', 158,
        'D', 167,
        'd', 167,
        'E', 240,
        'e', 240,
        'G', 168,
        'g', 168,
        'H', 173,
        'h', 173,
        'J', 205,
        'j', 205,
        'L', 187,
        'l', 187,
        'O', 183,
        'o', 183,
        'P', 206,
        'p', 206,
        'Q', 237,
        'q', 237,
        'R', 174,
        'r', 174,
        'S', 204,
        's', 204,
        'U', 210,
        'u', 210,
        'W', 185,
        'w', 185,
      );
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == ' ' ||
          lookahead == 0xfeff) SKIP(138);
      if (('1' <= lookahead && lookahead <= '9')) ADVANCE(356);
      if (('B' <= lookahead && lookahead <= 'Z') ||
          ('b' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 139:
      if (eof) ADVANCE(141);
      ADVANCE_MAP(
        '\n', 318,
        '\r', 6,
        '!', 25,
        '#', 321,
        '%', 26,
        '*', 348,
        ',', 372,
        '-', 24,
        '.', 346,
        '/', 21,
        '0', 357,
        '<', 422,
        '=', 326,
        '>', 424,
        '@', 328,
        'T', 89,
        '[', 347,
        'f', 28,
        't', 27,
        '}', 38,
        '~', 426,
        'A', 47,
        'a', 47,
        'D', 59,
        'd', 59,
        'E', 123,
        'e', 123,
        'G', 60,
        'g', 60,
        'J', 91,
        'j', 91,
        'L', 73,
        'l', 73,
        'O', 69,
        'o', 69,
        'P', 93,
        'p', 93,
        'Q', 122,
        'q', 122,
        'R', 61,
        'r', 61,
        'S', 90,
        's', 90,
        'U', 96,
        'u', 96,
        'W', 72,
        'w', 72,
      );
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == ' ' ||
          lookahead == 0xfeff) SKIP(139);
      if (('1' <= lookahead && lookahead <= '9')) ADVANCE(358);
      END_STATE();
    case 140:
      if (eof) ADVANCE(141);
      ADVANCE_MAP(
        '\n', 318,
        '\r', 6,
        '#', 321,
        '/', 255,
        '@', 328,
        0xfeff, 249,
        'D', 278,
        'd', 278,
        'E', 311,
        'e', 311,
        'G', 279,
        'g', 279,
        'P', 291,
        'p', 291,
        'Q', 309,
        'q', 309,
        'R', 282,
        'r', 282,
        'T', 297,
        't', 297,
        'U', 295,
        'u', 295,
      );
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == ' ') SKIP(140);
      if (lookahead != 0 &&
          (lookahead < '\t' || '\r' < lookahead)) ADVANCE(317);
      END_STATE();
    case 141:
      ACCEPT_TOKEN(ts_builtin_sym_end);
      END_STATE();
    case 142:
      ACCEPT_TOKEN(anon_sym_POUND_POUND_POUND);
      END_STATE();
    case 143:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'R') ADVANCE(152);
      if (lookahead == 'r') ADVANCE(150);
      if (lookahead == 'I' ||
          lookahead == 'i') ADVANCE(198);
      if (lookahead == 'O' ||
          lookahead == 'o') ADVANCE(406);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 144:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'a') ADVANCE(147);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('b' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 145:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'e') ADVANCE(245);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 146:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'l') ADVANCE(245);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 147:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'l') ADVANCE(149);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 148:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'l') ADVANCE(146);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 149:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 's') ADVANCE(145);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 150:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'u') ADVANCE(145);
      if (lookahead == 'A' ||
          lookahead == 'a') ADVANCE(201);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('B' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('b' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 151:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'u') ADVANCE(148);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 152:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'A' ||
          lookahead == 'a') ADVANCE(201);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('B' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('b' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 153:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'A' ||
          lookahead == 'a') ADVANCE(166);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('B' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('b' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 154:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'A' ||
          lookahead == 'a') ADVANCE(164);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('B' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('b' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 155:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'A' ||
          lookahead == 'a') ADVANCE(165);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('B' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('b' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 156:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'A' ||
          lookahead == 'a') ADVANCE(232);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('B' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('b' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 157:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'A' ||
          lookahead == 'a') ADVANCE(163);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('B' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('b' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 158:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'B' ||
          lookahead == 'b') ADVANCE(221);
      if (lookahead == 'S' ||
          lookahead == 's') ADVANCE(404);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 159:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'B' ||
          lookahead == 'b') ADVANCE(194);
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(398);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 160:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'C' ||
          lookahead == 'c') ADVANCE(374);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 161:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'C' ||
          lookahead == 'c') ADVANCE(239);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 162:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'C' ||
          lookahead == 'c') ADVANCE(230);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 163:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'C' ||
          lookahead == 'c') ADVANCE(234);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 164:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'D' ||
          lookahead == 'd') ADVANCE(403);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 165:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'D' ||
          lookahead == 'd') ADVANCE(405);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 166:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'D' ||
          lookahead == 'd') ADVANCE(181);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 167:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(196);
      if (lookahead == 'O' ||
          lookahead == 'o') ADVANCE(241);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 168:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(225);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 169:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(417);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 170:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(369);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 171:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(399);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 172:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(377);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 173:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(153);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 174:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(233);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 175:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(211);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 176:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(162);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 177:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(213);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 178:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(202);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 179:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(216);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 180:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(236);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 181:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(212);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 182:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(231);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 183:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'F' ||
          lookahead == 'f') ADVANCE(184);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 184:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'F' ||
          lookahead == 'f') ADVANCE(224);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 185:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'H' ||
          lookahead == 'h') ADVANCE(179);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 186:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'I' ||
          lookahead == 'i') ADVANCE(198);
      if (lookahead == 'O' ||
          lookahead == 'o') ADVANCE(406);
      if (lookahead == 'R' ||
          lookahead == 'r') ADVANCE(152);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 187:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'I' ||
          lookahead == 'i') ADVANCE(197);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 188:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'I' ||
          lookahead == 'i') ADVANCE(208);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 189:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'I' ||
          lookahead == 'i') ADVANCE(199);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 190:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'I' ||
          lookahead == 'i') ADVANCE(161);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 191:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'I' ||
          lookahead == 'i') ADVANCE(228);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 192:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'I' ||
          lookahead == 'i') ADVANCE(222);
      if (lookahead == 'P' ||
          lookahead == 'p') ADVANCE(176);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 193:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'L' ||
          lookahead == 'l') ADVANCE(207);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 194:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'L' ||
          lookahead == 'l') ADVANCE(190);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 195:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'L' ||
          lookahead == 'l') ADVANCE(209);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 196:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'L' ||
          lookahead == 'l') ADVANCE(180);
      if (lookahead == 'S' ||
          lookahead == 's') ADVANCE(160);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 197:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'M' ||
          lookahead == 'm') ADVANCE(191);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 198:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'M' ||
          lookahead == 'm') ADVANCE(169);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 199:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'N' ||
          lookahead == 'n') ADVANCE(370);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 200:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'N' ||
          lookahead == 'n') ADVANCE(395);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 201:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'N' ||
          lookahead == 'n') ADVANCE(220);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 202:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'N' ||
          lookahead == 'n') ADVANCE(229);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 203:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'N' ||
          lookahead == 'n') ADVANCE(195);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 204:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'O' ||
          lookahead == 'o') ADVANCE(215);
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(156);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 205:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'O' ||
          lookahead == 'o') ADVANCE(189);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 206:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'O' ||
          lookahead == 'o') ADVANCE(219);
      if (lookahead == 'U' ||
          lookahead == 'u') ADVANCE(159);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 207:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'O' ||
          lookahead == 'o') ADVANCE(154);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 208:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'O' ||
          lookahead == 'o') ADVANCE(200);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 209:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'O' ||
          lookahead == 'o') ADVANCE(155);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 210:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'P' ||
          lookahead == 'p') ADVANCE(193);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 211:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'R' ||
          lookahead == 'r') ADVANCE(242);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 212:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'R' ||
          lookahead == 'r') ADVANCE(418);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 213:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'R' ||
          lookahead == 'r') ADVANCE(243);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 214:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'R' ||
          lookahead == 'r') ADVANCE(244);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 215:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'R' ||
          lookahead == 'r') ADVANCE(227);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 216:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'R' ||
          lookahead == 'r') ADVANCE(170);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 217:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'S' ||
          lookahead == 's') ADVANCE(414);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 218:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'S' ||
          lookahead == 's') ADVANCE(416);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 219:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'S' ||
          lookahead == 's') ADVANCE(226);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 220:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'S' ||
          lookahead == 's') ADVANCE(157);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 221:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'S' ||
          lookahead == 's') ADVANCE(178);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 222:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'S' ||
          lookahead == 's') ADVANCE(235);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 223:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'S' ||
          lookahead == 's') ADVANCE(172);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 224:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'S' ||
          lookahead == 's') ADVANCE(182);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 225:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(396);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 226:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(397);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 227:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(371);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 228:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(375);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 229:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(415);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 230:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(413);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 231:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(376);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 232:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(238);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 233:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(214);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 234:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(188);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 235:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(217);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 236:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(171);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 237:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'U' ||
          lookahead == 'u') ADVANCE(177);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 238:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'U' ||
          lookahead == 'u') ADVANCE(218);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 239:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'U' ||
          lookahead == 'u') ADVANCE(223);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 240:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'V' ||
          lookahead == 'v') ADVANCE(175);
      if (lookahead == 'X' ||
          lookahead == 'x') ADVANCE(192);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 241:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'W' ||
          lookahead == 'w') ADVANCE(203);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 242:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'Y' ||
          lookahead == 'y') ADVANCE(429);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 243:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'Y' ||
          lookahead == 'y') ADVANCE(367);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 244:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (lookahead == 'Y' ||
          lookahead == 'y') ADVANCE(428);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 245:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-') ADVANCE(246);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(245);
      END_STATE();
    case 246:
      ACCEPT_TOKEN(sym_block_name);
      if (lookahead == '-' ||
          ('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(246);
      END_STATE();
    case 247:
      ACCEPT_TOKEN(aux_sym_description_token1);
      ADVANCE_MAP(
        '\n', 318,
        0x0b, 317,
        '\r', 6,
        '"', 350,
        '-', 256,
        '/', 253,
        '0', 359,
        '@', 316,
        'f', 257,
        'n', 266,
        't', 263,
        '{', 267,
        0xfeff, 247,
        '\t', 247,
        '\f', 247,
        ' ', 247,
      );
      if (('1' <= lookahead && lookahead <= '9')) ADVANCE(360);
      if (lookahead != 0) ADVANCE(317);
      END_STATE();
    case 248:
      ACCEPT_TOKEN(aux_sym_description_token1);
      ADVANCE_MAP(
        '\n', 318,
        0x0b, 317,
        '\r', 6,
        '"', 350,
        '-', 256,
        '0', 359,
        'f', 257,
        'n', 266,
        't', 263,
        '{', 267,
        0xfeff, 248,
        '\t', 248,
        '\f', 248,
        ' ', 248,
      );
      if (('1' <= lookahead && lookahead <= '9')) ADVANCE(360);
      if (lookahead != 0) ADVANCE(317);
      END_STATE();
    case 249:
      ACCEPT_TOKEN(aux_sym_description_token1);
      ADVANCE_MAP(
        '\n', 318,
        0x0b, 317,
        '\r', 6,
        '#', 321,
        '/', 255,
        '@', 328,
        0xfeff, 249,
        'D', 278,
        'd', 278,
        'E', 311,
        'e', 311,
        'G', 279,
        'g', 279,
        'P', 291,
        'p', 291,
        'Q', 309,
        'q', 309,
        'R', 282,
        'r', 282,
        'T', 297,
        't', 297,
        'U', 295,
        'u', 295,
        '\t', 249,
        '\f', 249,
        ' ', 249,
      );
      if (lookahead != 0) ADVANCE(317);
      END_STATE();
    case 250:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == '\n') ADVANCE(318);
      if (lookahead == 0x0b) ADVANCE(317);
      if (lookahead == '\r') ADVANCE(6);
      if (lookahead == 0xfeff) ADVANCE(250);
      if (('\t' <= lookahead && lookahead <= '\f') ||
          lookahead == ' ') ADVANCE(250);
      if (('A' <= lookahead && lookahead <= 'Z') ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(246);
      if (lookahead != 0) ADVANCE(317);
      END_STATE();
    case 251:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == '\n') ADVANCE(318);
      if (lookahead == 0x0b) ADVANCE(317);
      if (lookahead == '\r') ADVANCE(6);
      if (lookahead == 0xfeff) ADVANCE(251);
      if (('\t' <= lookahead && lookahead <= '\f') ||
          lookahead == ' ') ADVANCE(251);
      if (lookahead != 0) ADVANCE(317);
      END_STATE();
    case 252:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 0x0b) ADVANCE(317);
      if (lookahead == 0xfeff) ADVANCE(252);
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == ' ') ADVANCE(252);
      if (lookahead != 0 &&
          (lookahead < '\t' || '\r' < lookahead)) ADVANCE(317);
      END_STATE();
    case 253:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == '\r') ADVANCE(23);
      if (lookahead == '/') ADVANCE(427);
      if (lookahead == '\\') ADVANCE(254);
      if (lookahead != 0 &&
          lookahead != '\n') ADVANCE(253);
      END_STATE();
    case 254:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == '\r') ADVANCE(23);
      if (lookahead != 0 &&
          lookahead != '\n') ADVANCE(253);
      END_STATE();
    case 255:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == '/') ADVANCE(324);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 256:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == '0') ADVANCE(359);
      if (('1' <= lookahead && lookahead <= '9')) ADVANCE(360);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 257:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'a') ADVANCE(260);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 258:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'e') ADVANCE(364);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 259:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'e') ADVANCE(365);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 260:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'l') ADVANCE(264);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 261:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'l') ADVANCE(366);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 262:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'l') ADVANCE(261);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 263:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'r') ADVANCE(265);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 264:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 's') ADVANCE(259);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 265:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'u') ADVANCE(258);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 266:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'u') ADVANCE(262);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 267:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == '{') ADVANCE(329);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 268:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == '+' ||
          lookahead == '-') ADVANCE(314);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(363);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 269:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'A' ||
          lookahead == 'a') ADVANCE(275);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 270:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'A' ||
          lookahead == 'a') ADVANCE(289);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 271:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'A' ||
          lookahead == 'a') ADVANCE(276);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 272:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'A' ||
          lookahead == 'a') ADVANCE(274);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 273:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'C' ||
          lookahead == 'c') ADVANCE(305);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 274:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'C' ||
          lookahead == 'c') ADVANCE(306);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 275:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'D' ||
          lookahead == 'd') ADVANCE(403);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 276:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'D' ||
          lookahead == 'd') ADVANCE(405);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 277:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(399);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 278:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(287);
      if (lookahead == 'O' ||
          lookahead == 'o') ADVANCE(310);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 279:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(302);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 280:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(273);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 281:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(298);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 282:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(307);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 283:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(308);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 284:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'I' ||
          lookahead == 'i') ADVANCE(293);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 285:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'L' ||
          lookahead == 'l') ADVANCE(292);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 286:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'L' ||
          lookahead == 'l') ADVANCE(294);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 287:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'L' ||
          lookahead == 'l') ADVANCE(283);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 288:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'N' ||
          lookahead == 'n') ADVANCE(395);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 289:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'N' ||
          lookahead == 'n') ADVANCE(300);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 290:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'N' ||
          lookahead == 'n') ADVANCE(286);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 291:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'O' ||
          lookahead == 'o') ADVANCE(301);
      if (lookahead == 'U' ||
          lookahead == 'u') ADVANCE(303);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 292:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'O' ||
          lookahead == 'o') ADVANCE(269);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 293:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'O' ||
          lookahead == 'o') ADVANCE(288);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 294:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'O' ||
          lookahead == 'o') ADVANCE(271);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 295:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'P' ||
          lookahead == 'p') ADVANCE(285);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 296:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'P' ||
          lookahead == 'p') ADVANCE(280);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 297:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'R' ||
          lookahead == 'r') ADVANCE(270);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 298:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'R' ||
          lookahead == 'r') ADVANCE(312);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 299:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'R' ||
          lookahead == 'r') ADVANCE(313);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 300:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'S' ||
          lookahead == 's') ADVANCE(272);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 301:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'S' ||
          lookahead == 's') ADVANCE(304);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 302:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(396);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 303:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(398);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 304:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(397);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 305:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(413);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 306:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(284);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 307:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(299);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 308:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(277);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 309:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'U' ||
          lookahead == 'u') ADVANCE(281);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 310:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'W' ||
          lookahead == 'w') ADVANCE(290);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 311:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'X' ||
          lookahead == 'x') ADVANCE(296);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 312:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'Y' ||
          lookahead == 'y') ADVANCE(367);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 313:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead == 'Y' ||
          lookahead == 'y') ADVANCE(428);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 314:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(363);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 315:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(362);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 316:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(393);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 317:
      ACCEPT_TOKEN(aux_sym_description_token1);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(317);
      END_STATE();
    case 318:
      ACCEPT_TOKEN(aux_sym__item_token1);
      END_STATE();
    case 319:
      ACCEPT_TOKEN(aux_sym__item_token1);
      if (lookahead == '&') ADVANCE(19);
      if (lookahead == '|') ADVANCE(37);
      if (lookahead == '\t' ||
          lookahead == ' ') ADVANCE(18);
      END_STATE();
    case 320:
      ACCEPT_TOKEN(sym_comment);
      if (lookahead == '#') ADVANCE(322);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(392);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(324);
      END_STATE();
    case 321:
      ACCEPT_TOKEN(sym_comment);
      if (lookahead == '#') ADVANCE(322);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(324);
      END_STATE();
    case 322:
      ACCEPT_TOKEN(sym_comment);
      if (lookahead == '#') ADVANCE(142);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(324);
      END_STATE();
    case 323:
      ACCEPT_TOKEN(sym_comment);
      if (('a' <= lookahead && lookahead <= 'z')) ADVANCE(323);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(324);
      END_STATE();
    case 324:
      ACCEPT_TOKEN(sym_comment);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r') ADVANCE(324);
      END_STATE();
    case 325:
      ACCEPT_TOKEN(anon_sym_EQ);
      END_STATE();
    case 326:
      ACCEPT_TOKEN(anon_sym_EQ);
      if (lookahead == '=') ADVANCE(421);
      END_STATE();
    case 327:
      ACCEPT_TOKEN(sym_variable_name);
      if (lookahead == '-') ADVANCE(328);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(327);
      END_STATE();
    case 328:
      ACCEPT_TOKEN(sym_variable_name);
      if (lookahead == '-' ||
          ('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(328);
      END_STATE();
    case 329:
      ACCEPT_TOKEN(anon_sym_LBRACE_LBRACE);
      END_STATE();
    case 330:
      ACCEPT_TOKEN(anon_sym_RBRACE_RBRACE);
      END_STATE();
    case 331:
      ACCEPT_TOKEN(aux_sym_reference_path_token1);
      if (lookahead == '$' ||
          lookahead == '-') ADVANCE(345);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(331);
      END_STATE();
    case 332:
      ACCEPT_TOKEN(aux_sym_reference_path_token1);
      if (lookahead == 'A' ||
          lookahead == 'a') ADVANCE(334);
      if (lookahead == '$' ||
          lookahead == '-' ||
          ('0' <= lookahead && lookahead <= '9') ||
          ('B' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('b' <= lookahead && lookahead <= 'z')) ADVANCE(345);
      END_STATE();
    case 333:
      ACCEPT_TOKEN(aux_sym_reference_path_token1);
      if (lookahead == 'A' ||
          lookahead == 'a') ADVANCE(342);
      if (lookahead == '$' ||
          lookahead == '-' ||
          ('0' <= lookahead && lookahead <= '9') ||
          ('B' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('b' <= lookahead && lookahead <= 'z')) ADVANCE(345);
      END_STATE();
    case 334:
      ACCEPT_TOKEN(aux_sym_reference_path_token1);
      if (lookahead == 'D' ||
          lookahead == 'd') ADVANCE(337);
      if (lookahead == '$' ||
          lookahead == '-' ||
          ('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(345);
      END_STATE();
    case 335:
      ACCEPT_TOKEN(aux_sym_reference_path_token1);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(417);
      if (lookahead == '$' ||
          lookahead == '-' ||
          ('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(345);
      END_STATE();
    case 336:
      ACCEPT_TOKEN(aux_sym_reference_path_token1);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(332);
      if (lookahead == '$' ||
          lookahead == '-' ||
          ('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(345);
      END_STATE();
    case 337:
      ACCEPT_TOKEN(aux_sym_reference_path_token1);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(340);
      if (lookahead == '$' ||
          lookahead == '-' ||
          ('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(345);
      END_STATE();
    case 338:
      ACCEPT_TOKEN(aux_sym_reference_path_token1);
      if (lookahead == 'I' ||
          lookahead == 'i') ADVANCE(339);
      if (lookahead == '$' ||
          lookahead == '-' ||
          ('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(345);
      END_STATE();
    case 339:
      ACCEPT_TOKEN(aux_sym_reference_path_token1);
      if (lookahead == 'M' ||
          lookahead == 'm') ADVANCE(335);
      if (lookahead == '$' ||
          lookahead == '-' ||
          ('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(345);
      END_STATE();
    case 340:
      ACCEPT_TOKEN(aux_sym_reference_path_token1);
      if (lookahead == 'R' ||
          lookahead == 'r') ADVANCE(418);
      if (lookahead == '$' ||
          lookahead == '-' ||
          ('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(345);
      END_STATE();
    case 341:
      ACCEPT_TOKEN(aux_sym_reference_path_token1);
      if (lookahead == 'S' ||
          lookahead == 's') ADVANCE(416);
      if (lookahead == '$' ||
          lookahead == '-' ||
          ('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(345);
      END_STATE();
    case 342:
      ACCEPT_TOKEN(aux_sym_reference_path_token1);
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(344);
      if (lookahead == '$' ||
          lookahead == '-' ||
          ('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(345);
      END_STATE();
    case 343:
      ACCEPT_TOKEN(aux_sym_reference_path_token1);
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(333);
      if (lookahead == '$' ||
          lookahead == '-' ||
          ('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(345);
      END_STATE();
    case 344:
      ACCEPT_TOKEN(aux_sym_reference_path_token1);
      if (lookahead == 'U' ||
          lookahead == 'u') ADVANCE(341);
      if (lookahead == '$' ||
          lookahead == '-' ||
          ('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(345);
      END_STATE();
    case 345:
      ACCEPT_TOKEN(aux_sym_reference_path_token1);
      if (lookahead == '$' ||
          lookahead == '-' ||
          ('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(345);
      END_STATE();
    case 346:
      ACCEPT_TOKEN(anon_sym_DOT);
      END_STATE();
    case 347:
      ACCEPT_TOKEN(anon_sym_LBRACK);
      END_STATE();
    case 348:
      ACCEPT_TOKEN(anon_sym_STAR);
      END_STATE();
    case 349:
      ACCEPT_TOKEN(anon_sym_RBRACK);
      END_STATE();
    case 350:
      ACCEPT_TOKEN(anon_sym_DQUOTE);
      END_STATE();
    case 351:
      ACCEPT_TOKEN(sym_string_content);
      if (lookahead == '{') ADVANCE(329);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r' &&
          lookahead != '"' &&
          lookahead != '\\') ADVANCE(353);
      END_STATE();
    case 352:
      ACCEPT_TOKEN(sym_string_content);
      if (lookahead == '{') ADVANCE(36);
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == ' ' ||
          lookahead == 0xfeff) ADVANCE(352);
      if (lookahead != 0 &&
          lookahead != '\t' &&
          lookahead != '\n' &&
          lookahead != '\f' &&
          lookahead != '\r' &&
          lookahead != '"' &&
          lookahead != '\\') ADVANCE(353);
      END_STATE();
    case 353:
      ACCEPT_TOKEN(sym_string_content);
      if (lookahead == '{') ADVANCE(136);
      if (lookahead != 0 &&
          lookahead != '\n' &&
          lookahead != '\r' &&
          lookahead != '"' &&
          lookahead != '\\') ADVANCE(353);
      END_STATE();
    case 354:
      ACCEPT_TOKEN(sym_escape_sequence);
      END_STATE();
    case 355:
      ACCEPT_TOKEN(sym_number);
      if (lookahead == '.') ADVANCE(128);
      if (lookahead == 'm') ADVANCE(431);
      if (lookahead == 's') ADVANCE(430);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(42);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(32);
      END_STATE();
    case 356:
      ACCEPT_TOKEN(sym_number);
      if (lookahead == '.') ADVANCE(128);
      if (lookahead == 'm') ADVANCE(431);
      if (lookahead == 's') ADVANCE(430);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(42);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(356);
      END_STATE();
    case 357:
      ACCEPT_TOKEN(sym_number);
      if (lookahead == '.') ADVANCE(128);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(42);
      END_STATE();
    case 358:
      ACCEPT_TOKEN(sym_number);
      if (lookahead == '.') ADVANCE(128);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(42);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(358);
      END_STATE();
    case 359:
      ACCEPT_TOKEN(sym_number);
      if (lookahead == '.') ADVANCE(315);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(268);
      END_STATE();
    case 360:
      ACCEPT_TOKEN(sym_number);
      if (lookahead == '.') ADVANCE(315);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(268);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(360);
      END_STATE();
    case 361:
      ACCEPT_TOKEN(sym_number);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(42);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(361);
      END_STATE();
    case 362:
      ACCEPT_TOKEN(sym_number);
      if (lookahead == 'E' ||
          lookahead == 'e') ADVANCE(268);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(362);
      END_STATE();
    case 363:
      ACCEPT_TOKEN(sym_number);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(363);
      END_STATE();
    case 364:
      ACCEPT_TOKEN(anon_sym_true);
      END_STATE();
    case 365:
      ACCEPT_TOKEN(anon_sym_false);
      END_STATE();
    case 366:
      ACCEPT_TOKEN(sym_null);
      END_STATE();
    case 367:
      ACCEPT_TOKEN(aux_sym_query_token1);
      END_STATE();
    case 368:
      ACCEPT_TOKEN(sym_type_name);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(368);
      END_STATE();
    case 369:
      ACCEPT_TOKEN(aux_sym_where_clause_token1);
      END_STATE();
    case 370:
      ACCEPT_TOKEN(aux_sym_join_clause_token1);
      END_STATE();
    case 371:
      ACCEPT_TOKEN(aux_sym_sort_clause_token1);
      END_STATE();
    case 372:
      ACCEPT_TOKEN(anon_sym_COMMA);
      END_STATE();
    case 373:
      ACCEPT_TOKEN(aux_sym_sort_key_token1);
      END_STATE();
    case 374:
      ACCEPT_TOKEN(aux_sym_sort_key_token2);
      END_STATE();
    case 375:
      ACCEPT_TOKEN(aux_sym_limit_clause_token1);
      END_STATE();
    case 376:
      ACCEPT_TOKEN(aux_sym_offset_clause_token1);
      END_STATE();
    case 377:
      ACCEPT_TOKEN(aux_sym_public_use_clause_token1);
      END_STATE();
    case 378:
      ACCEPT_TOKEN(sym__and);
      END_STATE();
    case 379:
      ACCEPT_TOKEN(sym__and);
      if (lookahead == '\n') ADVANCE(378);
      if (lookahead == '\r') ADVANCE(2);
      if (lookahead == '\t' ||
          lookahead == ' ') ADVANCE(3);
      END_STATE();
    case 380:
      ACCEPT_TOKEN(sym__or);
      END_STATE();
    case 381:
      ACCEPT_TOKEN(sym__or);
      if (lookahead == '\n') ADVANCE(380);
      if (lookahead == '\r') ADVANCE(4);
      if (lookahead == '\t' ||
          lookahead == ' ') ADVANCE(5);
      END_STATE();
    case 382:
      ACCEPT_TOKEN(anon_sym_LPAREN);
      END_STATE();
    case 383:
      ACCEPT_TOKEN(anon_sym_RPAREN);
      END_STATE();
    case 384:
      ACCEPT_TOKEN(anon_sym_BANG_EQ);
      END_STATE();
    case 385:
      ACCEPT_TOKEN(anon_sym_PERCENT_EQ);
      END_STATE();
    case 386:
      ACCEPT_TOKEN(anon_sym_LBRACE);
      END_STATE();
    case 387:
      ACCEPT_TOKEN(anon_sym_LBRACE);
      if (lookahead == '{') ADVANCE(329);
      END_STATE();
    case 388:
      ACCEPT_TOKEN(anon_sym_COLON);
      END_STATE();
    case 389:
      ACCEPT_TOKEN(anon_sym_RBRACE);
      END_STATE();
    case 390:
      ACCEPT_TOKEN(anon_sym_RBRACE);
      if (lookahead == '}') ADVANCE(330);
      END_STATE();
    case 391:
      ACCEPT_TOKEN(sym_field_name);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(391);
      END_STATE();
    case 392:
      ACCEPT_TOKEN(sym_alias);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(392);
      END_STATE();
    case 393:
      ACCEPT_TOKEN(sym_parameter);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(393);
      END_STATE();
    case 394:
      ACCEPT_TOKEN(sym_single_quoted_string);
      END_STATE();
    case 395:
      ACCEPT_TOKEN(aux_sym_transaction_token1);
      END_STATE();
    case 396:
      ACCEPT_TOKEN(aux_sym_http_request_token1);
      END_STATE();
    case 397:
      ACCEPT_TOKEN(aux_sym_http_request_token2);
      END_STATE();
    case 398:
      ACCEPT_TOKEN(aux_sym_http_request_token3);
      END_STATE();
    case 399:
      ACCEPT_TOKEN(aux_sym_http_request_token4);
      END_STATE();
    case 400:
      ACCEPT_TOKEN(aux_sym_target_token1);
      if (lookahead == '\n') ADVANCE(318);
      if (lookahead == '\r') ADVANCE(6);
      if (lookahead == '{') ADVANCE(401);
      if (lookahead == 0xfeff) ADVANCE(400);
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == ' ') SKIP(11);
      if (lookahead != 0 &&
          (lookahead < '\t' || '\r' < lookahead)) ADVANCE(402);
      END_STATE();
    case 401:
      ACCEPT_TOKEN(aux_sym_target_token1);
      if (lookahead == '{') ADVANCE(329);
      END_STATE();
    case 402:
      ACCEPT_TOKEN(aux_sym_target_token1);
      if (lookahead != 0 &&
          (lookahead < '\t' || '\r' < lookahead) &&
          lookahead != ' ' &&
          lookahead != '{') ADVANCE(402);
      END_STATE();
    case 403:
      ACCEPT_TOKEN(aux_sym_upload_token1);
      END_STATE();
    case 404:
      ACCEPT_TOKEN(aux_sym_upload_token2);
      END_STATE();
    case 405:
      ACCEPT_TOKEN(aux_sym_download_token1);
      END_STATE();
    case 406:
      ACCEPT_TOKEN(aux_sym_download_token2);
      END_STATE();
    case 407:
      ACCEPT_TOKEN(sym__word);
      if (lookahead == '\n') ADVANCE(318);
      if (lookahead == '\r') ADVANCE(6);
      if (lookahead == '{') ADVANCE(409);
      if (lookahead == 0xfeff) ADVANCE(407);
      if (lookahead == 'T' ||
          lookahead == 't') ADVANCE(410);
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == ' ') SKIP(12);
      if (lookahead != 0 &&
          (lookahead < '\t' || '\r' < lookahead)) ADVANCE(412);
      END_STATE();
    case 408:
      ACCEPT_TOKEN(sym__word);
      if (lookahead == '\n') ADVANCE(318);
      if (lookahead == '\r') ADVANCE(6);
      if (lookahead == 0xfeff) ADVANCE(408);
      if (lookahead == 'A' ||
          lookahead == 'a') ADVANCE(411);
      if (lookahead == '\t' ||
          lookahead == '\f' ||
          lookahead == ' ') SKIP(15);
      if (lookahead != 0 &&
          (lookahead < '\t' || '\r' < lookahead)) ADVANCE(412);
      END_STATE();
    case 409:
      ACCEPT_TOKEN(sym__word);
      if (lookahead == '{') ADVANCE(329);
      if (lookahead != 0 &&
          (lookahead < '\t' || '\r' < lookahead) &&
          lookahead != ' ') ADVANCE(412);
      END_STATE();
    case 410:
      ACCEPT_TOKEN(sym__word);
      if (lookahead == 'O' ||
          lookahead == 'o') ADVANCE(406);
      if (lookahead != 0 &&
          (lookahead < '\t' || '\r' < lookahead) &&
          lookahead != ' ') ADVANCE(412);
      END_STATE();
    case 411:
      ACCEPT_TOKEN(sym__word);
      if (lookahead == 'S' ||
          lookahead == 's') ADVANCE(404);
      if (lookahead != 0 &&
          (lookahead < '\t' || '\r' < lookahead) &&
          lookahead != ' ') ADVANCE(412);
      END_STATE();
    case 412:
      ACCEPT_TOKEN(sym__word);
      if (lookahead != 0 &&
          (lookahead < '\t' || '\r' < lookahead) &&
          lookahead != ' ') ADVANCE(412);
      END_STATE();
    case 413:
      ACCEPT_TOKEN(aux_sym_expectation_token1);
      END_STATE();
    case 414:
      ACCEPT_TOKEN(aux_sym_expectation_token2);
      END_STATE();
    case 415:
      ACCEPT_TOKEN(aux_sym_expectation_token3);
      END_STATE();
    case 416:
      ACCEPT_TOKEN(aux_sym__subject_token1);
      END_STATE();
    case 417:
      ACCEPT_TOKEN(aux_sym__subject_token2);
      END_STATE();
    case 418:
      ACCEPT_TOKEN(aux_sym__subject_token3);
      END_STATE();
    case 419:
      ACCEPT_TOKEN(sym_header_name);
      if (lookahead == 0xfeff) ADVANCE(419);
      if (lookahead != 0 &&
          (lookahead < '\t' || '\r' < lookahead) &&
          lookahead != ' ' &&
          lookahead != '!' &&
          lookahead != '%' &&
          (lookahead < '<' || '>' < lookahead) &&
          lookahead != '~') ADVANCE(420);
      END_STATE();
    case 420:
      ACCEPT_TOKEN(sym_header_name);
      if (lookahead != 0 &&
          (lookahead < '\t' || '\r' < lookahead) &&
          lookahead != ' ' &&
          lookahead != '!' &&
          lookahead != '%' &&
          (lookahead < '<' || '>' < lookahead) &&
          lookahead != '~') ADVANCE(420);
      END_STATE();
    case 421:
      ACCEPT_TOKEN(anon_sym_EQ_EQ);
      END_STATE();
    case 422:
      ACCEPT_TOKEN(anon_sym_LT);
      if (lookahead == '=') ADVANCE(423);
      END_STATE();
    case 423:
      ACCEPT_TOKEN(anon_sym_LT_EQ);
      END_STATE();
    case 424:
      ACCEPT_TOKEN(anon_sym_GT);
      if (lookahead == '=') ADVANCE(425);
      END_STATE();
    case 425:
      ACCEPT_TOKEN(anon_sym_GT_EQ);
      END_STATE();
    case 426:
      ACCEPT_TOKEN(anon_sym_TILDE);
      END_STATE();
    case 427:
      ACCEPT_TOKEN(sym_regex);
      if (('a' <= lookahead && lookahead <= 'z')) ADVANCE(427);
      END_STATE();
    case 428:
      ACCEPT_TOKEN(aux_sym_retry_token1);
      END_STATE();
    case 429:
      ACCEPT_TOKEN(aux_sym_retry_token2);
      END_STATE();
    case 430:
      ACCEPT_TOKEN(sym_duration);
      END_STATE();
    case 431:
      ACCEPT_TOKEN(sym_duration);
      if (lookahead == 's') ADVANCE(430);
      END_STATE();
    default:
      return false;
  }
}

static const TSLexMode ts_lex_modes[STATE_COUNT] = {
  [0] = {.lex_state = 0, .external_lex_state = 1},
  [1] = {.lex_state = 139},
  [2] = {.lex_state = 139},
  [3] = {.lex_state = 139},
  [4] = {.lex_state = 139},
  [5] = {.lex_state = 139},
  [6] = {.lex_state = 139},
  [7] = {.lex_state = 139},
  [8] = {.lex_state = 139},
  [9] = {.lex_state = 139},
  [10] = {.lex_state = 139},
  [11] = {.lex_state = 139},
  [12] = {.lex_state = 139},
  [13] = {.lex_state = 139},
  [14] = {.lex_state = 139},
  [15] = {.lex_state = 139},
  [16] = {.lex_state = 139},
  [17] = {.lex_state = 139},
  [18] = {.lex_state = 139},
  [19] = {.lex_state = 139},
  [20] = {.lex_state = 140},
  [21] = {.lex_state = 140},
  [22] = {.lex_state = 140},
  [23] = {.lex_state = 140},
  [24] = {.lex_state = 140},
  [25] = {.lex_state = 140},
  [26] = {.lex_state = 9, .external_lex_state = 1},
  [27] = {.lex_state = 140},
  [28] = {.lex_state = 139},
  [29] = {.lex_state = 139},
  [30] = {.lex_state = 139},
  [31] = {.lex_state = 139},
  [32] = {.lex_state = 139},
  [33] = {.lex_state = 139},
  [34] = {.lex_state = 139},
  [35] = {.lex_state = 139},
  [36] = {.lex_state = 139},
  [37] = {.lex_state = 139},
  [38] = {.lex_state = 10, .external_lex_state = 1},
  [39] = {.lex_state = 139},
  [40] = {.lex_state = 139},
  [41] = {.lex_state = 139},
  [42] = {.lex_state = 139},
  [43] = {.lex_state = 139},
  [44] = {.lex_state = 139},
  [45] = {.lex_state = 139},
  [46] = {.lex_state = 139},
  [47] = {.lex_state = 139},
  [48] = {.lex_state = 139},
  [49] = {.lex_state = 139},
  [50] = {.lex_state = 139},
  [51] = {.lex_state = 139},
  [52] = {.lex_state = 139},
  [53] = {.lex_state = 139},
  [54] = {.lex_state = 139},
  [55] = {.lex_state = 139},
  [56] = {.lex_state = 139},
  [57] = {.lex_state = 139},
  [58] = {.lex_state = 139},
  [59] = {.lex_state = 139},
  [60] = {.lex_state = 139},
  [61] = {.lex_state = 139},
  [62] = {.lex_state = 139},
  [63] = {.lex_state = 139},
  [64] = {.lex_state = 139},
  [65] = {.lex_state = 139},
  [66] = {.lex_state = 7, .external_lex_state = 1},
  [67] = {.lex_state = 9, .external_lex_state = 1},
  [68] = {.lex_state = 139},
  [69] = {.lex_state = 8},
  [70] = {.lex_state = 8},
  [71] = {.lex_state = 11, .external_lex_state = 1},
  [72] = {.lex_state = 7},
  [73] = {.lex_state = 7},
  [74] = {.lex_state = 7},
  [75] = {.lex_state = 7},
  [76] = {.lex_state = 7},
  [77] = {.lex_state = 7},
  [78] = {.lex_state = 139, .external_lex_state = 1},
  [79] = {.lex_state = 139, .external_lex_state = 1},
  [80] = {.lex_state = 139, .external_lex_state = 1},
  [81] = {.lex_state = 12, .external_lex_state = 1},
  [82] = {.lex_state = 17},
  [83] = {.lex_state = 17},
  [84] = {.lex_state = 17},
  [85] = {.lex_state = 13, .external_lex_state = 1},
  [86] = {.lex_state = 17},
  [87] = {.lex_state = 11, .external_lex_state = 1},
  [88] = {.lex_state = 17},
  [89] = {.lex_state = 11, .external_lex_state = 1},
  [90] = {.lex_state = 17},
  [91] = {.lex_state = 71},
  [92] = {.lex_state = 17},
  [93] = {.lex_state = 139, .external_lex_state = 1},
  [94] = {.lex_state = 0},
  [95] = {.lex_state = 14, .external_lex_state = 1},
  [96] = {.lex_state = 7},
  [97] = {.lex_state = 0, .external_lex_state = 1},
  [98] = {.lex_state = 139, .external_lex_state = 1},
  [99] = {.lex_state = 139, .external_lex_state = 1},
  [100] = {.lex_state = 0},
  [101] = {.lex_state = 0},
  [102] = {.lex_state = 14, .external_lex_state = 1},
  [103] = {.lex_state = 7},
  [104] = {.lex_state = 7},
  [105] = {.lex_state = 15, .external_lex_state = 1},
  [106] = {.lex_state = 139, .external_lex_state = 1},
  [107] = {.lex_state = 139, .external_lex_state = 1},
  [108] = {.lex_state = 7},
  [109] = {.lex_state = 139, .external_lex_state = 1},
  [110] = {.lex_state = 139, .external_lex_state = 1},
  [111] = {.lex_state = 11, .external_lex_state = 1},
  [112] = {.lex_state = 139},
  [113] = {.lex_state = 139, .external_lex_state = 1},
  [114] = {.lex_state = 0, .external_lex_state = 1},
  [115] = {.lex_state = 7},
  [116] = {.lex_state = 7, .external_lex_state = 1},
  [117] = {.lex_state = 0, .external_lex_state = 1},
  [118] = {.lex_state = 0, .external_lex_state = 1},
  [119] = {.lex_state = 0, .external_lex_state = 1},
  [120] = {.lex_state = 0, .external_lex_state = 1},
  [121] = {.lex_state = 139, .external_lex_state = 1},
  [122] = {.lex_state = 8, .external_lex_state = 1},
  [123] = {.lex_state = 0, .external_lex_state = 1},
  [124] = {.lex_state = 0, .external_lex_state = 1},
  [125] = {.lex_state = 0, .external_lex_state = 1},
  [126] = {.lex_state = 7, .external_lex_state = 1},
  [127] = {.lex_state = 139},
  [128] = {.lex_state = 17},
  [129] = {.lex_state = 17},
  [130] = {.lex_state = 16, .external_lex_state = 1},
  [131] = {.lex_state = 7},
  [132] = {.lex_state = 11, .external_lex_state = 1},
  [133] = {.lex_state = 139, .external_lex_state = 1},
  [134] = {.lex_state = 0},
  [135] = {.lex_state = 139, .external_lex_state = 1},
  [136] = {.lex_state = 7},
  [137] = {.lex_state = 139, .external_lex_state = 1},
  [138] = {.lex_state = 139},
  [139] = {.lex_state = 139, .external_lex_state = 1},
  [140] = {.lex_state = 139, .external_lex_state = 1},
  [141] = {.lex_state = 139, .external_lex_state = 1},
  [142] = {.lex_state = 139, .external_lex_state = 1},
  [143] = {.lex_state = 39},
  [144] = {.lex_state = 139, .external_lex_state = 1},
  [145] = {.lex_state = 139, .external_lex_state = 1},
  [146] = {.lex_state = 139, .external_lex_state = 1},
  [147] = {.lex_state = 139, .external_lex_state = 1},
  [148] = {.lex_state = 139, .external_lex_state = 1},
  [149] = {.lex_state = 139, .external_lex_state = 1},
  [150] = {.lex_state = 139, .external_lex_state = 1},
  [151] = {.lex_state = 139, .external_lex_state = 1},
  [152] = {.lex_state = 139, .external_lex_state = 1},
  [153] = {.lex_state = 7},
  [154] = {.lex_state = 139, .external_lex_state = 1},
  [155] = {.lex_state = 139, .external_lex_state = 1},
  [156] = {.lex_state = 139, .external_lex_state = 1},
  [157] = {.lex_state = 0},
  [158] = {.lex_state = 7},
  [159] = {.lex_state = 139, .external_lex_state = 1},
  [160] = {.lex_state = 0},
  [161] = {.lex_state = 0},
  [162] = {.lex_state = 0},
  [163] = {.lex_state = 0},
  [164] = {.lex_state = 0},
  [165] = {.lex_state = 139, .external_lex_state = 1},
  [166] = {.lex_state = 0},
  [167] = {.lex_state = 139, .external_lex_state = 1},
  [168] = {.lex_state = 0},
  [169] = {.lex_state = 39},
  [170] = {.lex_state = 139, .external_lex_state = 1},
  [171] = {.lex_state = 139, .external_lex_state = 1},
  [172] = {.lex_state = 0},
  [173] = {.lex_state = 139, .external_lex_state = 1},
  [174] = {.lex_state = 39},
  [175] = {.lex_state = 139, .external_lex_state = 1},
  [176] = {.lex_state = 139, .external_lex_state = 1},
  [177] = {.lex_state = 139, .external_lex_state = 1},
  [178] = {.lex_state = 40},
  [179] = {.lex_state = 139, .external_lex_state = 1},
  [180] = {.lex_state = 8},
  [181] = {.lex_state = 139, .external_lex_state = 1},
  [182] = {.lex_state = 139},
  [183] = {.lex_state = 139, .external_lex_state = 1},
  [184] = {.lex_state = 8},
  [185] = {.lex_state = 7},
  [186] = {.lex_state = 40},
  [187] = {.lex_state = 40},
  [188] = {.lex_state = 40},
  [189] = {.lex_state = 7},
  [190] = {.lex_state = 40},
  [191] = {.lex_state = 139, .external_lex_state = 1},
  [192] = {.lex_state = 139, .external_lex_state = 1},
  [193] = {.lex_state = 139},
  [194] = {.lex_state = 7},
  [195] = {.lex_state = 41},
  [196] = {.lex_state = 7},
  [197] = {.lex_state = 7},
  [198] = {.lex_state = 0},
  [199] = {.lex_state = 7},
  [200] = {.lex_state = 7},
  [201] = {.lex_state = 0},
  [202] = {.lex_state = 39},
  [203] = {.lex_state = 139},
  [204] = {.lex_state = 139},
  [205] = {.lex_state = 0},
  [206] = {.lex_state = 7},
  [207] = {.lex_state = 7},
  [208] = {.lex_state = 7},
  [209] = {.lex_state = 0},
  [210] = {.lex_state = 7},
};

static const uint16_t ts_parse_table[LARGE_STATE_COUNT][SYMBOL_COUNT] = {
  [0] = {
    [ts_builtin_sym_end] = ACTIONS(1),
    [anon_sym_POUND_POUND_POUND] = ACTIONS(1),
    [sym_block_name] = ACTIONS(1),
    [aux_sym__item_token1] = ACTIONS(1),
    [sym_comment] = ACTIONS(1),
    [anon_sym_EQ] = ACTIONS(1),
    [sym_variable_name] = ACTIONS(1),
    [anon_sym_LBRACE_LBRACE] = ACTIONS(1),
    [anon_sym_RBRACE_RBRACE] = ACTIONS(1),
    [aux_sym_reference_path_token1] = ACTIONS(1),
    [anon_sym_DOT] = ACTIONS(1),
    [anon_sym_LBRACK] = ACTIONS(1),
    [anon_sym_STAR] = ACTIONS(1),
    [anon_sym_RBRACK] = ACTIONS(1),
    [anon_sym_DQUOTE] = ACTIONS(1),
    [sym_escape_sequence] = ACTIONS(1),
    [sym_number] = ACTIONS(1),
    [anon_sym_true] = ACTIONS(1),
    [anon_sym_false] = ACTIONS(1),
    [sym_null] = ACTIONS(1),
    [aux_sym_query_token1] = ACTIONS(1),
    [sym_type_name] = ACTIONS(1),
    [aux_sym_where_clause_token1] = ACTIONS(1),
    [aux_sym_join_clause_token1] = ACTIONS(1),
    [aux_sym_sort_clause_token1] = ACTIONS(1),
    [anon_sym_COMMA] = ACTIONS(1),
    [aux_sym_sort_key_token2] = ACTIONS(1),
    [aux_sym_limit_clause_token1] = ACTIONS(1),
    [aux_sym_offset_clause_token1] = ACTIONS(1),
    [aux_sym_public_use_clause_token1] = ACTIONS(1),
    [sym__and] = ACTIONS(1),
    [sym__or] = ACTIONS(1),
    [anon_sym_LPAREN] = ACTIONS(1),
    [anon_sym_RPAREN] = ACTIONS(1),
    [anon_sym_BANG_EQ] = ACTIONS(1),
    [anon_sym_PERCENT_EQ] = ACTIONS(1),
    [anon_sym_LBRACE] = ACTIONS(1),
    [anon_sym_COLON] = ACTIONS(1),
    [anon_sym_RBRACE] = ACTIONS(1),
    [sym_field_name] = ACTIONS(1),
    [sym_alias] = ACTIONS(1),
    [sym_parameter] = ACTIONS(1),
    [sym_single_quoted_string] = ACTIONS(1),
    [aux_sym_transaction_token1] = ACTIONS(1),
    [aux_sym_http_request_token1] = ACTIONS(1),
    [aux_sym_http_request_token2] = ACTIONS(1),
    [aux_sym_http_request_token3] = ACTIONS(1),
    [aux_sym_http_request_token4] = ACTIONS(1),
    [aux_sym_upload_token1] = ACTIONS(1),
    [aux_sym_upload_token2] = ACTIONS(1),
    [aux_sym_download_token1] = ACTIONS(1),
    [aux_sym_download_token2] = ACTIONS(1),
    [aux_sym_expectation_token1] = ACTIONS(1),
    [aux_sym_expectation_token2] = ACTIONS(1),
    [aux_sym_expectation_token3] = ACTIONS(1),
    [aux_sym__subject_token1] = ACTIONS(1),
    [aux_sym__subject_token2] = ACTIONS(1),
    [aux_sym__subject_token3] = ACTIONS(1),
    [anon_sym_EQ_EQ] = ACTIONS(1),
    [anon_sym_LT] = ACTIONS(1),
    [anon_sym_LT_EQ] = ACTIONS(1),
    [anon_sym_GT] = ACTIONS(1),
    [anon_sym_GT_EQ] = ACTIONS(1),
    [anon_sym_TILDE] = ACTIONS(1),
    [sym_regex] = ACTIONS(1),
    [aux_sym_retry_token1] = ACTIONS(1),
    [aux_sym_retry_token2] = ACTIONS(1),
    [sym_duration] = ACTIONS(1),
    [sym__end_of_file] = ACTIONS(1),
  },
  [1] = {
    [sym_source_file] = STATE(205),
    [sym_block] = STATE(94),
    [sym_block_header] = STATE(10),
    [sym__item] = STATE(7),
    [sym_variable] = STATE(7),
    [sym_query] = STATE(7),
    [sym_transaction] = STATE(7),
    [sym_http_request] = STATE(7),
    [sym_upload] = STATE(7),
    [sym_download] = STATE(7),
    [sym_expectation] = STATE(7),
    [sym_retry] = STATE(7),
    [aux_sym_source_file_repeat1] = STATE(7),
    [aux_sym_source_file_repeat2] = STATE(94),
    [ts_builtin_sym_end] = ACTIONS(3),
    [anon_sym_POUND_POUND_POUND] = ACTIONS(5),
    [aux_sym__item_token1] = ACTIONS(7),
    [sym_comment] = ACTIONS(9),
    [sym_variable_name] = ACTIONS(11),
    [aux_sym_query_token1] = ACTIONS(13),
    [aux_sym_transaction_token1] = ACTIONS(15),
    [aux_sym_http_request_token1] = ACTIONS(17),
    [aux_sym_http_request_token2] = ACTIONS(17),
    [aux_sym_http_request_token3] = ACTIONS(17),
    [aux_sym_http_request_token4] = ACTIONS(17),
    [aux_sym_upload_token1] = ACTIONS(19),
    [aux_sym_download_token1] = ACTIONS(21),
    [aux_sym_expectation_token1] = ACTIONS(23),
    [aux_sym_retry_token1] = ACTIONS(25),
  },
};

static const uint16_t ts_small_parse_table[] = {
  [0] = 10,
    ACTIONS(29), 1,
      aux_sym__item_token1,
    ACTIONS(31), 1,
      sym_comment,
    ACTIONS(33), 1,
      aux_sym_where_clause_token1,
    ACTIONS(35), 1,
      aux_sym_join_clause_token1,
    ACTIONS(37), 1,
      aux_sym_sort_clause_token1,
    ACTIONS(39), 1,
      aux_sym_limit_clause_token1,
    ACTIONS(41), 1,
      aux_sym_offset_clause_token1,
    ACTIONS(43), 1,
      aux_sym_public_use_clause_token1,
    STATE(4), 8,
      sym__clause,
      sym_where_clause,
      sym_join_clause,
      sym_sort_clause,
      sym_limit_clause,
      sym_offset_clause,
      sym_public_use_clause,
      aux_sym_query_repeat1,
    ACTIONS(27), 13,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [50] = 10,
    ACTIONS(31), 1,
      sym_comment,
    ACTIONS(33), 1,
      aux_sym_where_clause_token1,
    ACTIONS(35), 1,
      aux_sym_join_clause_token1,
    ACTIONS(37), 1,
      aux_sym_sort_clause_token1,
    ACTIONS(39), 1,
      aux_sym_limit_clause_token1,
    ACTIONS(41), 1,
      aux_sym_offset_clause_token1,
    ACTIONS(43), 1,
      aux_sym_public_use_clause_token1,
    ACTIONS(47), 1,
      aux_sym__item_token1,
    STATE(5), 8,
      sym__clause,
      sym_where_clause,
      sym_join_clause,
      sym_sort_clause,
      sym_limit_clause,
      sym_offset_clause,
      sym_public_use_clause,
      aux_sym_query_repeat1,
    ACTIONS(45), 13,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [100] = 10,
    ACTIONS(31), 1,
      sym_comment,
    ACTIONS(33), 1,
      aux_sym_where_clause_token1,
    ACTIONS(35), 1,
      aux_sym_join_clause_token1,
    ACTIONS(37), 1,
      aux_sym_sort_clause_token1,
    ACTIONS(39), 1,
      aux_sym_limit_clause_token1,
    ACTIONS(41), 1,
      aux_sym_offset_clause_token1,
    ACTIONS(43), 1,
      aux_sym_public_use_clause_token1,
    ACTIONS(51), 1,
      aux_sym__item_token1,
    STATE(6), 8,
      sym__clause,
      sym_where_clause,
      sym_join_clause,
      sym_sort_clause,
      sym_limit_clause,
      sym_offset_clause,
      sym_public_use_clause,
      aux_sym_query_repeat1,
    ACTIONS(49), 13,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [150] = 10,
    ACTIONS(31), 1,
      sym_comment,
    ACTIONS(33), 1,
      aux_sym_where_clause_token1,
    ACTIONS(35), 1,
      aux_sym_join_clause_token1,
    ACTIONS(37), 1,
      aux_sym_sort_clause_token1,
    ACTIONS(39), 1,
      aux_sym_limit_clause_token1,
    ACTIONS(41), 1,
      aux_sym_offset_clause_token1,
    ACTIONS(43), 1,
      aux_sym_public_use_clause_token1,
    ACTIONS(51), 1,
      aux_sym__item_token1,
    STATE(6), 8,
      sym__clause,
      sym_where_clause,
      sym_join_clause,
      sym_sort_clause,
      sym_limit_clause,
      sym_offset_clause,
      sym_public_use_clause,
      aux_sym_query_repeat1,
    ACTIONS(53), 13,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [200] = 10,
    ACTIONS(57), 1,
      aux_sym__item_token1,
    ACTIONS(60), 1,
      sym_comment,
    ACTIONS(63), 1,
      aux_sym_where_clause_token1,
    ACTIONS(66), 1,
      aux_sym_join_clause_token1,
    ACTIONS(69), 1,
      aux_sym_sort_clause_token1,
    ACTIONS(72), 1,
      aux_sym_limit_clause_token1,
    ACTIONS(75), 1,
      aux_sym_offset_clause_token1,
    ACTIONS(78), 1,
      aux_sym_public_use_clause_token1,
    STATE(6), 8,
      sym__clause,
      sym_where_clause,
      sym_join_clause,
      sym_sort_clause,
      sym_limit_clause,
      sym_offset_clause,
      sym_public_use_clause,
      aux_sym_query_repeat1,
    ACTIONS(55), 13,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [250] = 15,
    ACTIONS(5), 1,
      anon_sym_POUND_POUND_POUND,
    ACTIONS(9), 1,
      sym_comment,
    ACTIONS(11), 1,
      sym_variable_name,
    ACTIONS(13), 1,
      aux_sym_query_token1,
    ACTIONS(15), 1,
      aux_sym_transaction_token1,
    ACTIONS(19), 1,
      aux_sym_upload_token1,
    ACTIONS(21), 1,
      aux_sym_download_token1,
    ACTIONS(23), 1,
      aux_sym_expectation_token1,
    ACTIONS(25), 1,
      aux_sym_retry_token1,
    ACTIONS(81), 1,
      ts_builtin_sym_end,
    ACTIONS(83), 1,
      aux_sym__item_token1,
    STATE(10), 1,
      sym_block_header,
    STATE(100), 2,
      sym_block,
      aux_sym_source_file_repeat2,
    ACTIONS(17), 4,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
    STATE(8), 10,
      sym__item,
      sym_variable,
      sym_query,
      sym_transaction,
      sym_http_request,
      sym_upload,
      sym_download,
      sym_expectation,
      sym_retry,
      aux_sym_source_file_repeat1,
  [309] = 12,
    ACTIONS(87), 1,
      aux_sym__item_token1,
    ACTIONS(90), 1,
      sym_comment,
    ACTIONS(93), 1,
      sym_variable_name,
    ACTIONS(96), 1,
      aux_sym_query_token1,
    ACTIONS(99), 1,
      aux_sym_transaction_token1,
    ACTIONS(105), 1,
      aux_sym_upload_token1,
    ACTIONS(108), 1,
      aux_sym_download_token1,
    ACTIONS(111), 1,
      aux_sym_expectation_token1,
    ACTIONS(114), 1,
      aux_sym_retry_token1,
    ACTIONS(85), 2,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
    ACTIONS(102), 4,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
    STATE(8), 10,
      sym__item,
      sym_variable,
      sym_query,
      sym_transaction,
      sym_http_request,
      sym_upload,
      sym_download,
      sym_expectation,
      sym_retry,
      aux_sym_source_file_repeat1,
  [359] = 12,
    ACTIONS(9), 1,
      sym_comment,
    ACTIONS(11), 1,
      sym_variable_name,
    ACTIONS(13), 1,
      aux_sym_query_token1,
    ACTIONS(15), 1,
      aux_sym_transaction_token1,
    ACTIONS(19), 1,
      aux_sym_upload_token1,
    ACTIONS(21), 1,
      aux_sym_download_token1,
    ACTIONS(23), 1,
      aux_sym_expectation_token1,
    ACTIONS(25), 1,
      aux_sym_retry_token1,
    ACTIONS(83), 1,
      aux_sym__item_token1,
    ACTIONS(117), 2,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
    ACTIONS(17), 4,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
    STATE(8), 10,
      sym__item,
      sym_variable,
      sym_query,
      sym_transaction,
      sym_http_request,
      sym_upload,
      sym_download,
      sym_expectation,
      sym_retry,
      aux_sym_source_file_repeat1,
  [409] = 12,
    ACTIONS(9), 1,
      sym_comment,
    ACTIONS(11), 1,
      sym_variable_name,
    ACTIONS(13), 1,
      aux_sym_query_token1,
    ACTIONS(15), 1,
      aux_sym_transaction_token1,
    ACTIONS(19), 1,
      aux_sym_upload_token1,
    ACTIONS(21), 1,
      aux_sym_download_token1,
    ACTIONS(23), 1,
      aux_sym_expectation_token1,
    ACTIONS(25), 1,
      aux_sym_retry_token1,
    ACTIONS(121), 1,
      aux_sym__item_token1,
    ACTIONS(119), 2,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
    ACTIONS(17), 4,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
    STATE(9), 10,
      sym__item,
      sym_variable,
      sym_query,
      sym_transaction,
      sym_http_request,
      sym_upload,
      sym_download,
      sym_expectation,
      sym_retry,
      aux_sym_source_file_repeat1,
  [459] = 2,
    ACTIONS(123), 1,
      sym_comment,
    ACTIONS(55), 20,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_where_clause_token1,
      aux_sym_join_clause_token1,
      aux_sym_sort_clause_token1,
      aux_sym_limit_clause_token1,
      aux_sym_offset_clause_token1,
      aux_sym_public_use_clause_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [485] = 2,
    ACTIONS(127), 1,
      sym_comment,
    ACTIONS(125), 20,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_where_clause_token1,
      aux_sym_join_clause_token1,
      aux_sym_sort_clause_token1,
      aux_sym_limit_clause_token1,
      aux_sym_offset_clause_token1,
      aux_sym_public_use_clause_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [511] = 2,
    ACTIONS(131), 1,
      sym_comment,
    ACTIONS(129), 20,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_where_clause_token1,
      aux_sym_join_clause_token1,
      aux_sym_sort_clause_token1,
      aux_sym_limit_clause_token1,
      aux_sym_offset_clause_token1,
      aux_sym_public_use_clause_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [537] = 2,
    ACTIONS(135), 1,
      sym_comment,
    ACTIONS(133), 20,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_where_clause_token1,
      aux_sym_join_clause_token1,
      aux_sym_sort_clause_token1,
      aux_sym_limit_clause_token1,
      aux_sym_offset_clause_token1,
      aux_sym_public_use_clause_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [563] = 2,
    ACTIONS(139), 1,
      sym_comment,
    ACTIONS(137), 20,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_where_clause_token1,
      aux_sym_join_clause_token1,
      aux_sym_sort_clause_token1,
      aux_sym_limit_clause_token1,
      aux_sym_offset_clause_token1,
      aux_sym_public_use_clause_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [589] = 2,
    ACTIONS(143), 1,
      sym_comment,
    ACTIONS(141), 20,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_where_clause_token1,
      aux_sym_join_clause_token1,
      aux_sym_sort_clause_token1,
      aux_sym_limit_clause_token1,
      aux_sym_offset_clause_token1,
      aux_sym_public_use_clause_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [615] = 2,
    ACTIONS(147), 1,
      sym_comment,
    ACTIONS(145), 20,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_where_clause_token1,
      aux_sym_join_clause_token1,
      aux_sym_sort_clause_token1,
      aux_sym_limit_clause_token1,
      aux_sym_offset_clause_token1,
      aux_sym_public_use_clause_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [641] = 2,
    ACTIONS(151), 1,
      sym_comment,
    ACTIONS(149), 20,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_where_clause_token1,
      aux_sym_join_clause_token1,
      aux_sym_sort_clause_token1,
      aux_sym_limit_clause_token1,
      aux_sym_offset_clause_token1,
      aux_sym_public_use_clause_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [667] = 2,
    ACTIONS(155), 1,
      sym_comment,
    ACTIONS(153), 20,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_where_clause_token1,
      aux_sym_join_clause_token1,
      aux_sym_sort_clause_token1,
      aux_sym_limit_clause_token1,
      aux_sym_offset_clause_token1,
      aux_sym_public_use_clause_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [693] = 8,
    ACTIONS(157), 1,
      ts_builtin_sym_end,
    ACTIONS(161), 1,
      aux_sym_description_token1,
    ACTIONS(163), 1,
      aux_sym__item_token1,
    ACTIONS(165), 1,
      sym_comment,
    STATE(24), 1,
      aux_sym_body_repeat1,
    STATE(52), 1,
      sym_body,
    STATE(140), 1,
      sym_body_line,
    ACTIONS(159), 12,
      anon_sym_POUND_POUND_POUND,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [729] = 8,
    ACTIONS(161), 1,
      aux_sym_description_token1,
    ACTIONS(163), 1,
      aux_sym__item_token1,
    ACTIONS(165), 1,
      sym_comment,
    ACTIONS(167), 1,
      ts_builtin_sym_end,
    STATE(24), 1,
      aux_sym_body_repeat1,
    STATE(58), 1,
      sym_body,
    STATE(140), 1,
      sym_body_line,
    ACTIONS(169), 12,
      anon_sym_POUND_POUND_POUND,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [765] = 8,
    ACTIONS(161), 1,
      aux_sym_description_token1,
    ACTIONS(163), 1,
      aux_sym__item_token1,
    ACTIONS(165), 1,
      sym_comment,
    ACTIONS(171), 1,
      ts_builtin_sym_end,
    STATE(24), 1,
      aux_sym_body_repeat1,
    STATE(41), 1,
      sym_body,
    STATE(140), 1,
      sym_body_line,
    ACTIONS(173), 12,
      anon_sym_POUND_POUND_POUND,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [801] = 8,
    ACTIONS(161), 1,
      aux_sym_description_token1,
    ACTIONS(163), 1,
      aux_sym__item_token1,
    ACTIONS(165), 1,
      sym_comment,
    ACTIONS(175), 1,
      ts_builtin_sym_end,
    STATE(24), 1,
      aux_sym_body_repeat1,
    STATE(42), 1,
      sym_body,
    STATE(140), 1,
      sym_body_line,
    ACTIONS(177), 12,
      anon_sym_POUND_POUND_POUND,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [837] = 7,
    ACTIONS(161), 1,
      aux_sym_description_token1,
    ACTIONS(165), 1,
      sym_comment,
    ACTIONS(179), 1,
      ts_builtin_sym_end,
    ACTIONS(183), 1,
      aux_sym__item_token1,
    STATE(25), 1,
      aux_sym_body_repeat1,
    STATE(140), 1,
      sym_body_line,
    ACTIONS(181), 12,
      anon_sym_POUND_POUND_POUND,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [870] = 7,
    ACTIONS(185), 1,
      ts_builtin_sym_end,
    ACTIONS(189), 1,
      aux_sym_description_token1,
    ACTIONS(192), 1,
      aux_sym__item_token1,
    ACTIONS(195), 1,
      sym_comment,
    STATE(25), 1,
      aux_sym_body_repeat1,
    STATE(140), 1,
      sym_body_line,
    ACTIONS(187), 12,
      anon_sym_POUND_POUND_POUND,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [903] = 9,
    ACTIONS(198), 1,
      aux_sym_description_token1,
    ACTIONS(200), 1,
      aux_sym__item_token1,
    ACTIONS(202), 1,
      anon_sym_LBRACE_LBRACE,
    ACTIONS(204), 1,
      anon_sym_DQUOTE,
    ACTIONS(210), 1,
      sym__end_of_file,
    STATE(48), 1,
      sym__line_end,
    ACTIONS(208), 2,
      anon_sym_true,
      anon_sym_false,
    ACTIONS(206), 4,
      sym_number,
      sym_null,
      sym_parameter,
      sym_regex,
    STATE(167), 5,
      sym_raw_value,
      sym_reference,
      sym_string,
      sym_boolean,
      sym__expected,
  [939] = 2,
    ACTIONS(185), 1,
      ts_builtin_sym_end,
    ACTIONS(187), 15,
      anon_sym_POUND_POUND_POUND,
      aux_sym_description_token1,
      aux_sym__item_token1,
      sym_comment,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [960] = 2,
    ACTIONS(214), 1,
      sym_comment,
    ACTIONS(212), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [980] = 2,
    ACTIONS(218), 1,
      sym_comment,
    ACTIONS(216), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1000] = 2,
    ACTIONS(222), 1,
      sym_comment,
    ACTIONS(220), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1020] = 2,
    ACTIONS(226), 1,
      sym_comment,
    ACTIONS(224), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1040] = 2,
    ACTIONS(230), 1,
      sym_comment,
    ACTIONS(228), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1060] = 2,
    ACTIONS(234), 1,
      sym_comment,
    ACTIONS(232), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1080] = 2,
    ACTIONS(238), 1,
      sym_comment,
    ACTIONS(236), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1100] = 2,
    ACTIONS(242), 1,
      sym_comment,
    ACTIONS(240), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1120] = 2,
    ACTIONS(246), 1,
      sym_comment,
    ACTIONS(244), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1140] = 2,
    ACTIONS(250), 1,
      sym_comment,
    ACTIONS(248), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1160] = 9,
    ACTIONS(198), 1,
      aux_sym_description_token1,
    ACTIONS(202), 1,
      anon_sym_LBRACE_LBRACE,
    ACTIONS(204), 1,
      anon_sym_DQUOTE,
    ACTIONS(252), 1,
      aux_sym__item_token1,
    ACTIONS(256), 1,
      sym__end_of_file,
    STATE(40), 1,
      sym__line_end,
    ACTIONS(208), 2,
      anon_sym_true,
      anon_sym_false,
    ACTIONS(254), 2,
      sym_number,
      sym_null,
    STATE(159), 5,
      sym__value,
      sym_raw_value,
      sym_reference,
      sym_string,
      sym_boolean,
  [1194] = 2,
    ACTIONS(260), 1,
      sym_comment,
    ACTIONS(258), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1214] = 2,
    ACTIONS(264), 1,
      sym_comment,
    ACTIONS(262), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1234] = 2,
    ACTIONS(268), 1,
      sym_comment,
    ACTIONS(266), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1254] = 2,
    ACTIONS(272), 1,
      sym_comment,
    ACTIONS(270), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1274] = 2,
    ACTIONS(276), 1,
      sym_comment,
    ACTIONS(274), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1294] = 2,
    ACTIONS(280), 1,
      sym_comment,
    ACTIONS(278), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1314] = 5,
    ACTIONS(286), 1,
      anon_sym_DOT,
    ACTIONS(289), 1,
      anon_sym_LBRACK,
    STATE(45), 1,
      aux_sym_reference_path_repeat1,
    ACTIONS(282), 3,
      anon_sym_EQ,
      anon_sym_LT,
      anon_sym_GT,
    ACTIONS(284), 9,
      anon_sym_RBRACE_RBRACE,
      anon_sym_BANG_EQ,
      anon_sym_PERCENT_EQ,
      aux_sym_expectation_token2,
      aux_sym_expectation_token3,
      anon_sym_EQ_EQ,
      anon_sym_LT_EQ,
      anon_sym_GT_EQ,
      anon_sym_TILDE,
  [1340] = 2,
    ACTIONS(294), 1,
      sym_comment,
    ACTIONS(292), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1360] = 2,
    ACTIONS(298), 1,
      sym_comment,
    ACTIONS(296), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1380] = 2,
    ACTIONS(302), 1,
      sym_comment,
    ACTIONS(300), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1400] = 2,
    ACTIONS(306), 1,
      sym_comment,
    ACTIONS(304), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1420] = 2,
    ACTIONS(310), 1,
      sym_comment,
    ACTIONS(308), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1440] = 2,
    ACTIONS(314), 1,
      sym_comment,
    ACTIONS(312), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1460] = 2,
    ACTIONS(173), 1,
      sym_comment,
    ACTIONS(171), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1480] = 2,
    ACTIONS(318), 1,
      sym_comment,
    ACTIONS(316), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1500] = 2,
    ACTIONS(322), 1,
      sym_comment,
    ACTIONS(320), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1520] = 2,
    ACTIONS(326), 1,
      sym_comment,
    ACTIONS(324), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1540] = 2,
    ACTIONS(330), 1,
      sym_comment,
    ACTIONS(328), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1560] = 2,
    ACTIONS(334), 1,
      sym_comment,
    ACTIONS(332), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1580] = 2,
    ACTIONS(338), 1,
      sym_comment,
    ACTIONS(336), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1600] = 2,
    ACTIONS(342), 1,
      sym_comment,
    ACTIONS(340), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1620] = 2,
    ACTIONS(298), 1,
      sym_comment,
    ACTIONS(296), 14,
      ts_builtin_sym_end,
      anon_sym_POUND_POUND_POUND,
      aux_sym__item_token1,
      sym_variable_name,
      aux_sym_query_token1,
      aux_sym_transaction_token1,
      aux_sym_http_request_token1,
      aux_sym_http_request_token2,
      aux_sym_http_request_token3,
      aux_sym_http_request_token4,
      aux_sym_upload_token1,
      aux_sym_download_token1,
      aux_sym_expectation_token1,
      aux_sym_retry_token1,
  [1640] = 5,
    ACTIONS(346), 1,
      anon_sym_DOT,
    ACTIONS(348), 1,
      anon_sym_LBRACK,
    STATE(45), 1,
      aux_sym_reference_path_repeat1,
    ACTIONS(344), 3,
      anon_sym_EQ,
      anon_sym_LT,
      anon_sym_GT,
    ACTIONS(350), 8,
      anon_sym_BANG_EQ,
      anon_sym_PERCENT_EQ,
      aux_sym_expectation_token2,
      aux_sym_expectation_token3,
      anon_sym_EQ_EQ,
      anon_sym_LT_EQ,
      anon_sym_GT_EQ,
      anon_sym_TILDE,
  [1665] = 2,
    ACTIONS(352), 3,
      anon_sym_EQ,
      anon_sym_LT,
      anon_sym_GT,
    ACTIONS(354), 11,
      anon_sym_RBRACE_RBRACE,
      anon_sym_DOT,
      anon_sym_LBRACK,
      anon_sym_BANG_EQ,
      anon_sym_PERCENT_EQ,
      aux_sym_expectation_token2,
      aux_sym_expectation_token3,
      anon_sym_EQ_EQ,
      anon_sym_LT_EQ,
      anon_sym_GT_EQ,
      anon_sym_TILDE,
  [1684] = 5,
    ACTIONS(346), 1,
      anon_sym_DOT,
    ACTIONS(348), 1,
      anon_sym_LBRACK,
    STATE(61), 1,
      aux_sym_reference_path_repeat1,
    ACTIONS(356), 3,
      anon_sym_EQ,
      anon_sym_LT,
      anon_sym_GT,
    ACTIONS(358), 8,
      anon_sym_BANG_EQ,
      anon_sym_PERCENT_EQ,
      aux_sym_expectation_token2,
      aux_sym_expectation_token3,
      anon_sym_EQ_EQ,
      anon_sym_LT_EQ,
      anon_sym_GT_EQ,
      anon_sym_TILDE,
  [1709] = 2,
    ACTIONS(282), 3,
      anon_sym_EQ,
      anon_sym_LT,
      anon_sym_GT,
    ACTIONS(284), 11,
      anon_sym_RBRACE_RBRACE,
      anon_sym_DOT,
      anon_sym_LBRACK,
      anon_sym_BANG_EQ,
      anon_sym_PERCENT_EQ,
      aux_sym_expectation_token2,
      aux_sym_expectation_token3,
      anon_sym_EQ_EQ,
      anon_sym_LT_EQ,
      anon_sym_GT_EQ,
      anon_sym_TILDE,
  [1728] = 5,
    ACTIONS(364), 1,
      aux_sym_expectation_token2,
    ACTIONS(366), 1,
      aux_sym_expectation_token3,
    STATE(26), 1,
      sym_expect_operator,
    ACTIONS(360), 3,
      anon_sym_EQ,
      anon_sym_LT,
      anon_sym_GT,
    ACTIONS(362), 6,
      anon_sym_BANG_EQ,
      anon_sym_PERCENT_EQ,
      anon_sym_EQ_EQ,
      anon_sym_LT_EQ,
      anon_sym_GT_EQ,
      anon_sym_TILDE,
  [1751] = 6,
    ACTIONS(370), 1,
      anon_sym_LPAREN,
    STATE(12), 1,
      sym__line_end,
    STATE(158), 1,
      sym_field_path,
    ACTIONS(368), 2,
      sym__end_of_file,
      aux_sym__item_token1,
    ACTIONS(372), 2,
      sym_field_name,
      sym_alias,
    STATE(97), 4,
      sym__expression,
      sym_binary_expression,
      sym_parenthesized_expression,
      sym_comparison,
  [1775] = 2,
    ACTIONS(376), 1,
      sym__end_of_file,
    ACTIONS(374), 10,
      aux_sym_description_token1,
      aux_sym__item_token1,
      anon_sym_LBRACE_LBRACE,
      anon_sym_DQUOTE,
      sym_number,
      anon_sym_true,
      anon_sym_false,
      sym_null,
      sym_parameter,
      sym_regex,
  [1791] = 2,
    ACTIONS(378), 3,
      anon_sym_EQ,
      anon_sym_LT,
      anon_sym_GT,
    ACTIONS(380), 8,
      anon_sym_BANG_EQ,
      anon_sym_PERCENT_EQ,
      aux_sym_expectation_token2,
      aux_sym_expectation_token3,
      anon_sym_EQ_EQ,
      anon_sym_LT_EQ,
      anon_sym_GT_EQ,
      anon_sym_TILDE,
  [1807] = 5,
    ACTIONS(384), 1,
      anon_sym_DQUOTE,
    ACTIONS(388), 1,
      sym_type_name,
    ACTIONS(382), 2,
      anon_sym_LBRACK,
      anon_sym_LBRACE,
    ACTIONS(386), 3,
      sym_number,
      sym_parameter,
      sym_single_quoted_string,
    STATE(120), 3,
      sym_string,
      sym__operand,
      sym_range,
  [1828] = 5,
    ACTIONS(392), 1,
      anon_sym_DQUOTE,
    ACTIONS(396), 1,
      sym_type_name,
    ACTIONS(390), 2,
      anon_sym_LBRACK,
      anon_sym_LBRACE,
    ACTIONS(394), 3,
      sym_number,
      sym_parameter,
      sym_single_quoted_string,
    STATE(163), 3,
      sym_string,
      sym__operand,
      sym_range,
  [1849] = 7,
    ACTIONS(398), 1,
      aux_sym__item_token1,
    ACTIONS(400), 1,
      anon_sym_LBRACE_LBRACE,
    ACTIONS(402), 1,
      aux_sym_target_token1,
    ACTIONS(404), 1,
      sym__end_of_file,
    STATE(21), 1,
      sym__line_end,
    STATE(151), 1,
      sym_target,
    STATE(87), 2,
      sym_reference,
      aux_sym_target_repeat1,
  [1872] = 4,
    ACTIONS(406), 1,
      anon_sym_LPAREN,
    STATE(153), 1,
      sym_field_path,
    ACTIONS(372), 2,
      sym_field_name,
      sym_alias,
    STATE(134), 4,
      sym__expression,
      sym_binary_expression,
      sym_parenthesized_expression,
      sym_comparison,
  [1889] = 4,
    ACTIONS(370), 1,
      anon_sym_LPAREN,
    STATE(158), 1,
      sym_field_path,
    ACTIONS(372), 2,
      sym_field_name,
      sym_alias,
    STATE(117), 4,
      sym__expression,
      sym_binary_expression,
      sym_parenthesized_expression,
      sym_comparison,
  [1906] = 4,
    ACTIONS(406), 1,
      anon_sym_LPAREN,
    STATE(153), 1,
      sym_field_path,
    ACTIONS(372), 2,
      sym_field_name,
      sym_alias,
    STATE(160), 4,
      sym__expression,
      sym_binary_expression,
      sym_parenthesized_expression,
      sym_comparison,
  [1923] = 4,
    ACTIONS(370), 1,
      anon_sym_LPAREN,
    STATE(158), 1,
      sym_field_path,
    ACTIONS(372), 2,
      sym_field_name,
      sym_alias,
    STATE(118), 4,
      sym__expression,
      sym_binary_expression,
      sym_parenthesized_expression,
      sym_comparison,
  [1940] = 4,
    ACTIONS(406), 1,
      anon_sym_LPAREN,
    STATE(153), 1,
      sym_field_path,
    ACTIONS(372), 2,
      sym_field_name,
      sym_alias,
    STATE(161), 4,
      sym__expression,
      sym_binary_expression,
      sym_parenthesized_expression,
      sym_comparison,
  [1957] = 4,
    ACTIONS(406), 1,
      anon_sym_LPAREN,
    STATE(153), 1,
      sym_field_path,
    ACTIONS(372), 2,
      sym_field_name,
      sym_alias,
    STATE(172), 4,
      sym__expression,
      sym_binary_expression,
      sym_parenthesized_expression,
      sym_comparison,
  [1974] = 3,
    ACTIONS(410), 1,
      anon_sym_DOT,
    STATE(80), 1,
      aux_sym_field_path_repeat1,
    ACTIONS(408), 5,
      sym__end_of_file,
      aux_sym__item_token1,
      anon_sym_COMMA,
      aux_sym_sort_key_token1,
      aux_sym_sort_key_token2,
  [1988] = 3,
    ACTIONS(414), 1,
      anon_sym_DOT,
    STATE(79), 1,
      aux_sym_field_path_repeat1,
    ACTIONS(412), 5,
      sym__end_of_file,
      aux_sym__item_token1,
      anon_sym_COMMA,
      aux_sym_sort_key_token1,
      aux_sym_sort_key_token2,
  [2002] = 3,
    ACTIONS(410), 1,
      anon_sym_DOT,
    STATE(79), 1,
      aux_sym_field_path_repeat1,
    ACTIONS(417), 5,
      sym__end_of_file,
      aux_sym__item_token1,
      anon_sym_COMMA,
      aux_sym_sort_key_token1,
      aux_sym_sort_key_token2,
  [2016] = 7,
    ACTIONS(202), 1,
      anon_sym_LBRACE_LBRACE,
    ACTIONS(419), 1,
      aux_sym__item_token1,
    ACTIONS(421), 1,
      aux_sym_download_token2,
    ACTIONS(423), 1,
      sym__word,
    ACTIONS(425), 1,
      sym__end_of_file,
    STATE(28), 1,
      sym__line_end,
    STATE(110), 1,
      sym_reference,
  [2038] = 5,
    ACTIONS(427), 1,
      anon_sym_LBRACE_LBRACE,
    ACTIONS(429), 1,
      anon_sym_DQUOTE,
    ACTIONS(431), 1,
      sym_string_content,
    ACTIONS(433), 1,
      sym_escape_sequence,
    STATE(83), 2,
      sym_reference,
      aux_sym_string_repeat1,
  [2055] = 5,
    ACTIONS(427), 1,
      anon_sym_LBRACE_LBRACE,
    ACTIONS(435), 1,
      anon_sym_DQUOTE,
    ACTIONS(437), 1,
      sym_string_content,
    ACTIONS(439), 1,
      sym_escape_sequence,
    STATE(88), 2,
      sym_reference,
      aux_sym_string_repeat1,
  [2072] = 5,
    ACTIONS(427), 1,
      anon_sym_LBRACE_LBRACE,
    ACTIONS(437), 1,
      sym_string_content,
    ACTIONS(439), 1,
      sym_escape_sequence,
    ACTIONS(441), 1,
      anon_sym_DQUOTE,
    STATE(88), 2,
      sym_reference,
      aux_sym_string_repeat1,
  [2089] = 6,
    ACTIONS(443), 1,
      sym_block_name,
    ACTIONS(445), 1,
      aux_sym_description_token1,
    ACTIONS(447), 1,
      aux_sym__item_token1,
    ACTIONS(449), 1,
      sym__end_of_file,
    STATE(51), 1,
      sym__line_end,
    STATE(144), 1,
      sym_description,
  [2108] = 5,
    ACTIONS(427), 1,
      anon_sym_LBRACE_LBRACE,
    ACTIONS(451), 1,
      anon_sym_DQUOTE,
    ACTIONS(453), 1,
      sym_string_content,
    ACTIONS(455), 1,
      sym_escape_sequence,
    STATE(84), 2,
      sym_reference,
      aux_sym_string_repeat1,
  [2125] = 5,
    ACTIONS(400), 1,
      anon_sym_LBRACE_LBRACE,
    ACTIONS(457), 1,
      aux_sym__item_token1,
    ACTIONS(459), 1,
      aux_sym_target_token1,
    ACTIONS(461), 1,
      sym__end_of_file,
    STATE(89), 2,
      sym_reference,
      aux_sym_target_repeat1,
  [2142] = 5,
    ACTIONS(463), 1,
      anon_sym_LBRACE_LBRACE,
    ACTIONS(466), 1,
      anon_sym_DQUOTE,
    ACTIONS(468), 1,
      sym_string_content,
    ACTIONS(471), 1,
      sym_escape_sequence,
    STATE(88), 2,
      sym_reference,
      aux_sym_string_repeat1,
  [2159] = 5,
    ACTIONS(474), 1,
      aux_sym__item_token1,
    ACTIONS(476), 1,
      anon_sym_LBRACE_LBRACE,
    ACTIONS(479), 1,
      aux_sym_target_token1,
    ACTIONS(482), 1,
      sym__end_of_file,
    STATE(89), 2,
      sym_reference,
      aux_sym_target_repeat1,
  [2176] = 5,
    ACTIONS(427), 1,
      anon_sym_LBRACE_LBRACE,
    ACTIONS(484), 1,
      anon_sym_DQUOTE,
    ACTIONS(486), 1,
      sym_string_content,
    ACTIONS(488), 1,
      sym_escape_sequence,
    STATE(92), 2,
      sym_reference,
      aux_sym_string_repeat1,
  [2193] = 4,
    ACTIONS(490), 1,
      aux_sym_reference_path_token1,
    ACTIONS(494), 1,
      aux_sym__subject_token3,
    ACTIONS(492), 2,
      aux_sym__subject_token1,
      aux_sym__subject_token2,
    STATE(65), 2,
      sym__subject,
      sym_response_path,
  [2208] = 5,
    ACTIONS(427), 1,
      anon_sym_LBRACE_LBRACE,
    ACTIONS(437), 1,
      sym_string_content,
    ACTIONS(439), 1,
      sym_escape_sequence,
    ACTIONS(496), 1,
      anon_sym_DQUOTE,
    STATE(88), 2,
      sym_reference,
      aux_sym_string_repeat1,
  [2225] = 1,
    ACTIONS(412), 6,
      sym__end_of_file,
      aux_sym__item_token1,
      anon_sym_DOT,
      anon_sym_COMMA,
      aux_sym_sort_key_token1,
      aux_sym_sort_key_token2,
  [2234] = 4,
    ACTIONS(5), 1,
      anon_sym_POUND_POUND_POUND,
    ACTIONS(81), 1,
      ts_builtin_sym_end,
    STATE(10), 1,
      sym_block_header,
    STATE(101), 2,
      sym_block,
      aux_sym_source_file_repeat2,
  [2248] = 5,
    ACTIONS(445), 1,
      aux_sym_description_token1,
    ACTIONS(498), 1,
      aux_sym__item_token1,
    ACTIONS(500), 1,
      sym__end_of_file,
    STATE(37), 1,
      sym__line_end,
    STATE(145), 1,
      sym_description,
  [2264] = 3,
    ACTIONS(502), 1,
      anon_sym_DOT,
    STATE(103), 1,
      aux_sym_field_path_repeat1,
    ACTIONS(408), 3,
      anon_sym_EQ,
      anon_sym_BANG_EQ,
      anon_sym_PERCENT_EQ,
  [2276] = 5,
    ACTIONS(504), 1,
      aux_sym__item_token1,
    ACTIONS(506), 1,
      sym__and,
    ACTIONS(508), 1,
      sym__or,
    ACTIONS(510), 1,
      sym__end_of_file,
    STATE(15), 1,
      sym__line_end,
  [2292] = 4,
    ACTIONS(514), 1,
      anon_sym_COMMA,
    STATE(13), 1,
      sym__line_end,
    STATE(107), 1,
      aux_sym_sort_clause_repeat1,
    ACTIONS(512), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2306] = 2,
    ACTIONS(518), 2,
      aux_sym_sort_key_token1,
      aux_sym_sort_key_token2,
    ACTIONS(516), 3,
      sym__end_of_file,
      aux_sym__item_token1,
      anon_sym_COMMA,
  [2316] = 4,
    ACTIONS(5), 1,
      anon_sym_POUND_POUND_POUND,
    ACTIONS(520), 1,
      ts_builtin_sym_end,
    STATE(10), 1,
      sym_block_header,
    STATE(101), 2,
      sym_block,
      aux_sym_source_file_repeat2,
  [2330] = 4,
    ACTIONS(522), 1,
      ts_builtin_sym_end,
    ACTIONS(524), 1,
      anon_sym_POUND_POUND_POUND,
    STATE(10), 1,
      sym_block_header,
    STATE(101), 2,
      sym_block,
      aux_sym_source_file_repeat2,
  [2344] = 5,
    ACTIONS(161), 1,
      aux_sym_description_token1,
    ACTIONS(527), 1,
      aux_sym__item_token1,
    ACTIONS(529), 1,
      sym__end_of_file,
    STATE(20), 1,
      sym__line_end,
    STATE(142), 1,
      sym_body_line,
  [2360] = 3,
    ACTIONS(502), 1,
      anon_sym_DOT,
    STATE(104), 1,
      aux_sym_field_path_repeat1,
    ACTIONS(417), 3,
      anon_sym_EQ,
      anon_sym_BANG_EQ,
      anon_sym_PERCENT_EQ,
  [2372] = 3,
    ACTIONS(531), 1,
      anon_sym_DOT,
    STATE(104), 1,
      aux_sym_field_path_repeat1,
    ACTIONS(412), 3,
      anon_sym_EQ,
      anon_sym_BANG_EQ,
      anon_sym_PERCENT_EQ,
  [2384] = 5,
    ACTIONS(534), 1,
      aux_sym__item_token1,
    ACTIONS(536), 1,
      aux_sym_upload_token2,
    ACTIONS(538), 1,
      sym__word,
    ACTIONS(540), 1,
      sym__end_of_file,
    STATE(31), 1,
      sym__line_end,
  [2400] = 4,
    ACTIONS(544), 1,
      sym_number,
    ACTIONS(546), 1,
      aux_sym_retry_token2,
    STATE(59), 1,
      sym__line_end,
    ACTIONS(542), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2414] = 4,
    ACTIONS(514), 1,
      anon_sym_COMMA,
    STATE(14), 1,
      sym__line_end,
    STATE(121), 1,
      aux_sym_sort_clause_repeat1,
    ACTIONS(548), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2428] = 3,
    STATE(98), 1,
      sym_sort_key,
    STATE(99), 1,
      sym_field_path,
    ACTIONS(550), 2,
      sym_field_name,
      sym_alias,
  [2439] = 3,
    ACTIONS(554), 1,
      aux_sym_download_token2,
    STATE(29), 1,
      sym__line_end,
    ACTIONS(552), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2450] = 3,
    ACTIONS(558), 1,
      aux_sym_download_token2,
    STATE(30), 1,
      sym__line_end,
    ACTIONS(556), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2461] = 2,
    ACTIONS(562), 1,
      sym__end_of_file,
    ACTIONS(560), 3,
      aux_sym__item_token1,
      anon_sym_LBRACE_LBRACE,
      aux_sym_target_token1,
  [2470] = 4,
    ACTIONS(346), 1,
      anon_sym_DOT,
    ACTIONS(348), 1,
      anon_sym_LBRACK,
    ACTIONS(564), 1,
      anon_sym_RBRACE_RBRACE,
    STATE(127), 1,
      aux_sym_reference_path_repeat1,
  [2483] = 3,
    ACTIONS(568), 1,
      aux_sym_retry_token2,
    STATE(32), 1,
      sym__line_end,
    ACTIONS(566), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2494] = 2,
    ACTIONS(570), 1,
      aux_sym__item_token1,
    ACTIONS(572), 3,
      sym__end_of_file,
      sym__and,
      sym__or,
  [2503] = 1,
    ACTIONS(412), 4,
      anon_sym_EQ,
      anon_sym_DOT,
      anon_sym_BANG_EQ,
      anon_sym_PERCENT_EQ,
  [2510] = 3,
    ACTIONS(576), 1,
      sym_duration,
    STATE(33), 1,
      sym__line_end,
    ACTIONS(574), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2521] = 2,
    ACTIONS(578), 1,
      aux_sym__item_token1,
    ACTIONS(580), 3,
      sym__end_of_file,
      sym__and,
      sym__or,
  [2530] = 3,
    ACTIONS(506), 1,
      sym__and,
    ACTIONS(578), 1,
      aux_sym__item_token1,
    ACTIONS(580), 2,
      sym__end_of_file,
      sym__or,
  [2541] = 2,
    ACTIONS(582), 1,
      aux_sym__item_token1,
    ACTIONS(584), 3,
      sym__end_of_file,
      sym__and,
      sym__or,
  [2550] = 2,
    ACTIONS(586), 1,
      aux_sym__item_token1,
    ACTIONS(588), 3,
      sym__end_of_file,
      sym__and,
      sym__or,
  [2559] = 3,
    ACTIONS(592), 1,
      anon_sym_COMMA,
    STATE(121), 1,
      aux_sym_sort_clause_repeat1,
    ACTIONS(590), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2570] = 3,
    ACTIONS(597), 1,
      sym_type_name,
    STATE(2), 1,
      sym__line_end,
    ACTIONS(595), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2581] = 2,
    ACTIONS(599), 1,
      aux_sym__item_token1,
    ACTIONS(601), 3,
      sym__end_of_file,
      sym__and,
      sym__or,
  [2590] = 2,
    ACTIONS(603), 1,
      aux_sym__item_token1,
    ACTIONS(605), 3,
      sym__end_of_file,
      sym__and,
      sym__or,
  [2599] = 2,
    ACTIONS(607), 1,
      aux_sym__item_token1,
    ACTIONS(609), 3,
      sym__end_of_file,
      sym__and,
      sym__or,
  [2608] = 3,
    ACTIONS(613), 1,
      sym_duration,
    STATE(49), 1,
      sym__line_end,
    ACTIONS(611), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2619] = 4,
    ACTIONS(346), 1,
      anon_sym_DOT,
    ACTIONS(348), 1,
      anon_sym_LBRACK,
    ACTIONS(615), 1,
      anon_sym_RBRACE_RBRACE,
    STATE(45), 1,
      aux_sym_reference_path_repeat1,
  [2632] = 2,
    ACTIONS(562), 1,
      sym_escape_sequence,
    ACTIONS(560), 3,
      anon_sym_LBRACE_LBRACE,
      anon_sym_DQUOTE,
      sym_string_content,
  [2641] = 2,
    ACTIONS(619), 1,
      sym_escape_sequence,
    ACTIONS(617), 3,
      anon_sym_LBRACE_LBRACE,
      anon_sym_DQUOTE,
      sym_string_content,
  [2650] = 3,
    ACTIONS(623), 1,
      aux_sym_upload_token2,
    STATE(46), 1,
      sym__line_end,
    ACTIONS(621), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2661] = 3,
    STATE(99), 1,
      sym_field_path,
    STATE(150), 1,
      sym_sort_key,
    ACTIONS(550), 2,
      sym_field_name,
      sym_alias,
  [2672] = 2,
    ACTIONS(619), 1,
      sym__end_of_file,
    ACTIONS(617), 3,
      aux_sym__item_token1,
      anon_sym_LBRACE_LBRACE,
      aux_sym_target_token1,
  [2681] = 1,
    ACTIONS(625), 3,
      sym__end_of_file,
      aux_sym__item_token1,
      anon_sym_COMMA,
  [2687] = 3,
    ACTIONS(627), 1,
      sym__and,
    ACTIONS(629), 1,
      sym__or,
    ACTIONS(631), 1,
      anon_sym_RPAREN,
  [2697] = 2,
    STATE(47), 1,
      sym__line_end,
    ACTIONS(633), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2705] = 2,
    STATE(149), 1,
      sym_field_path,
    ACTIONS(550), 2,
      sym_field_name,
      sym_alias,
  [2713] = 2,
    STATE(17), 1,
      sym__line_end,
    ACTIONS(635), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2721] = 2,
    STATE(141), 1,
      sym_boolean,
    ACTIONS(637), 2,
      anon_sym_true,
      anon_sym_false,
  [2729] = 2,
    STATE(18), 1,
      sym__line_end,
    ACTIONS(639), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2737] = 2,
    STATE(27), 1,
      sym__line_end,
    ACTIONS(641), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2745] = 2,
    STATE(19), 1,
      sym__line_end,
    ACTIONS(643), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2753] = 2,
    STATE(22), 1,
      sym__line_end,
    ACTIONS(645), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2761] = 3,
    ACTIONS(647), 1,
      anon_sym_RBRACE_RBRACE,
    ACTIONS(649), 1,
      aux_sym_reference_path_token1,
    STATE(203), 1,
      sym_reference_path,
  [2771] = 2,
    STATE(39), 1,
      sym__line_end,
    ACTIONS(651), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2779] = 2,
    STATE(34), 1,
      sym__line_end,
    ACTIONS(653), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2787] = 2,
    STATE(50), 1,
      sym__line_end,
    ACTIONS(655), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2795] = 2,
    STATE(60), 1,
      sym__line_end,
    ACTIONS(657), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2803] = 2,
    STATE(53), 1,
      sym__line_end,
    ACTIONS(659), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2811] = 2,
    STATE(16), 1,
      sym__line_end,
    ACTIONS(661), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2819] = 1,
    ACTIONS(590), 3,
      sym__end_of_file,
      aux_sym__item_token1,
      anon_sym_COMMA,
  [2825] = 2,
    STATE(23), 1,
      sym__line_end,
    ACTIONS(663), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2833] = 2,
    STATE(54), 1,
      sym__line_end,
    ACTIONS(665), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2841] = 1,
    ACTIONS(667), 3,
      anon_sym_EQ,
      anon_sym_BANG_EQ,
      anon_sym_PERCENT_EQ,
  [2847] = 1,
    ACTIONS(562), 3,
      sym__end_of_file,
      aux_sym__item_token1,
      aux_sym_download_token2,
  [2853] = 2,
    STATE(43), 1,
      sym__line_end,
    ACTIONS(669), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2861] = 1,
    ACTIONS(619), 3,
      sym__end_of_file,
      aux_sym__item_token1,
      aux_sym_download_token2,
  [2867] = 1,
    ACTIONS(572), 3,
      sym__and,
      sym__or,
      anon_sym_RPAREN,
  [2873] = 1,
    ACTIONS(671), 3,
      anon_sym_EQ,
      anon_sym_BANG_EQ,
      anon_sym_PERCENT_EQ,
  [2879] = 2,
    STATE(35), 1,
      sym__line_end,
    ACTIONS(673), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2887] = 1,
    ACTIONS(580), 3,
      sym__and,
      sym__or,
      anon_sym_RPAREN,
  [2893] = 2,
    ACTIONS(627), 1,
      sym__and,
    ACTIONS(580), 2,
      sym__or,
      anon_sym_RPAREN,
  [2901] = 1,
    ACTIONS(584), 3,
      sym__and,
      sym__or,
      anon_sym_RPAREN,
  [2907] = 1,
    ACTIONS(588), 3,
      sym__and,
      sym__or,
      anon_sym_RPAREN,
  [2913] = 1,
    ACTIONS(601), 3,
      sym__and,
      sym__or,
      anon_sym_RPAREN,
  [2919] = 2,
    STATE(3), 1,
      sym__line_end,
    ACTIONS(675), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2927] = 1,
    ACTIONS(605), 3,
      sym__and,
      sym__or,
      anon_sym_RPAREN,
  [2933] = 2,
    STATE(56), 1,
      sym__line_end,
    ACTIONS(677), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2941] = 1,
    ACTIONS(609), 3,
      sym__and,
      sym__or,
      anon_sym_RPAREN,
  [2947] = 3,
    ACTIONS(649), 1,
      aux_sym_reference_path_token1,
    ACTIONS(679), 1,
      anon_sym_RBRACE_RBRACE,
    STATE(193), 1,
      sym_reference_path,
  [2957] = 2,
    STATE(57), 1,
      sym__line_end,
    ACTIONS(681), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2965] = 2,
    STATE(11), 1,
      sym__line_end,
    ACTIONS(683), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2973] = 3,
    ACTIONS(627), 1,
      sym__and,
    ACTIONS(629), 1,
      sym__or,
    ACTIONS(685), 1,
      anon_sym_RPAREN,
  [2983] = 2,
    STATE(44), 1,
      sym__line_end,
    ACTIONS(687), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [2991] = 3,
    ACTIONS(649), 1,
      aux_sym_reference_path_token1,
    ACTIONS(689), 1,
      anon_sym_RBRACE_RBRACE,
    STATE(204), 1,
      sym_reference_path,
  [3001] = 2,
    STATE(36), 1,
      sym__line_end,
    ACTIONS(691), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [3009] = 2,
    STATE(55), 1,
      sym__line_end,
    ACTIONS(693), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [3017] = 1,
    ACTIONS(605), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [3022] = 2,
    ACTIONS(695), 1,
      aux_sym_description_token1,
    STATE(148), 1,
      sym_raw_value,
  [3029] = 1,
    ACTIONS(697), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [3034] = 1,
    ACTIONS(699), 2,
      sym_number,
      sym_parameter,
  [3039] = 1,
    ACTIONS(701), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [3044] = 1,
    ACTIONS(703), 2,
      anon_sym_STAR,
      sym_number,
  [3049] = 1,
    ACTIONS(705), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [3054] = 1,
    ACTIONS(707), 2,
      sym_number,
      sym_parameter,
  [3059] = 1,
    ACTIONS(709), 2,
      anon_sym_RBRACK,
      anon_sym_RBRACE,
  [3064] = 2,
    ACTIONS(695), 1,
      aux_sym_description_token1,
    STATE(173), 1,
      sym_raw_value,
  [3071] = 2,
    ACTIONS(695), 1,
      aux_sym_description_token1,
    STATE(152), 1,
      sym_raw_value,
  [3078] = 2,
    ACTIONS(695), 1,
      aux_sym_description_token1,
    STATE(155), 1,
      sym_raw_value,
  [3085] = 1,
    ACTIONS(711), 2,
      anon_sym_RBRACK,
      anon_sym_RBRACE,
  [3090] = 2,
    ACTIONS(695), 1,
      aux_sym_description_token1,
    STATE(176), 1,
      sym_raw_value,
  [3097] = 1,
    ACTIONS(609), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [3102] = 1,
    ACTIONS(713), 2,
      sym__end_of_file,
      aux_sym__item_token1,
  [3107] = 1,
    ACTIONS(715), 1,
      anon_sym_RBRACE_RBRACE,
  [3111] = 1,
    ACTIONS(717), 1,
      anon_sym_EQ,
  [3115] = 1,
    ACTIONS(719), 1,
      sym_header_name,
  [3119] = 1,
    ACTIONS(721), 1,
      sym_field_name,
  [3123] = 1,
    ACTIONS(723), 1,
      sym_field_name,
  [3127] = 1,
    ACTIONS(725), 1,
      anon_sym_RBRACK,
  [3131] = 1,
    ACTIONS(727), 1,
      sym_parameter,
  [3135] = 1,
    ACTIONS(729), 1,
      anon_sym_EQ,
  [3139] = 1,
    ACTIONS(731), 1,
      anon_sym_COLON,
  [3143] = 1,
    ACTIONS(733), 1,
      aux_sym_reference_path_token1,
  [3147] = 1,
    ACTIONS(735), 1,
      anon_sym_RBRACE_RBRACE,
  [3151] = 1,
    ACTIONS(737), 1,
      anon_sym_RBRACE_RBRACE,
  [3155] = 1,
    ACTIONS(739), 1,
      ts_builtin_sym_end,
  [3159] = 1,
    ACTIONS(741), 1,
      sym_parameter,
  [3163] = 1,
    ACTIONS(743), 1,
      sym_alias,
  [3167] = 1,
    ACTIONS(745), 1,
      sym_parameter,
  [3171] = 1,
    ACTIONS(747), 1,
      anon_sym_COLON,
  [3175] = 1,
    ACTIONS(749), 1,
      sym_parameter,
};

static const uint32_t ts_small_parse_table_map[] = {
  [SMALL_STATE(2)] = 0,
  [SMALL_STATE(3)] = 50,
  [SMALL_STATE(4)] = 100,
  [SMALL_STATE(5)] = 150,
  [SMALL_STATE(6)] = 200,
  [SMALL_STATE(7)] = 250,
  [SMALL_STATE(8)] = 309,
  [SMALL_STATE(9)] = 359,
  [SMALL_STATE(10)] = 409,
  [SMALL_STATE(11)] = 459,
  [SMALL_STATE(12)] = 485,
  [SMALL_STATE(13)] = 511,
  [SMALL_STATE(14)] = 537,
  [SMALL_STATE(15)] = 563,
  [SMALL_STATE(16)] = 589,
  [SMALL_STATE(17)] = 615,
  [SMALL_STATE(18)] = 641,
  [SMALL_STATE(19)] = 667,
  [SMALL_STATE(20)] = 693,
  [SMALL_STATE(21)] = 729,
  [SMALL_STATE(22)] = 765,
  [SMALL_STATE(23)] = 801,
  [SMALL_STATE(24)] = 837,
  [SMALL_STATE(25)] = 870,
  [SMALL_STATE(26)] = 903,
  [SMALL_STATE(27)] = 939,
  [SMALL_STATE(28)] = 960,
  [SMALL_STATE(29)] = 980,
  [SMALL_STATE(30)] = 1000,
  [SMALL_STATE(31)] = 1020,
  [SMALL_STATE(32)] = 1040,
  [SMALL_STATE(33)] = 1060,
  [SMALL_STATE(34)] = 1080,
  [SMALL_STATE(35)] = 1100,
  [SMALL_STATE(36)] = 1120,
  [SMALL_STATE(37)] = 1140,
  [SMALL_STATE(38)] = 1160,
  [SMALL_STATE(39)] = 1194,
  [SMALL_STATE(40)] = 1214,
  [SMALL_STATE(41)] = 1234,
  [SMALL_STATE(42)] = 1254,
  [SMALL_STATE(43)] = 1274,
  [SMALL_STATE(44)] = 1294,
  [SMALL_STATE(45)] = 1314,
  [SMALL_STATE(46)] = 1340,
  [SMALL_STATE(47)] = 1360,
  [SMALL_STATE(48)] = 1380,
  [SMALL_STATE(49)] = 1400,
  [SMALL_STATE(50)] = 1420,
  [SMALL_STATE(51)] = 1440,
  [SMALL_STATE(52)] = 1460,
  [SMALL_STATE(53)] = 1480,
  [SMALL_STATE(54)] = 1500,
  [SMALL_STATE(55)] = 1520,
  [SMALL_STATE(56)] = 1540,
  [SMALL_STATE(57)] = 1560,
  [SMALL_STATE(58)] = 1580,
  [SMALL_STATE(59)] = 1600,
  [SMALL_STATE(60)] = 1620,
  [SMALL_STATE(61)] = 1640,
  [SMALL_STATE(62)] = 1665,
  [SMALL_STATE(63)] = 1684,
  [SMALL_STATE(64)] = 1709,
  [SMALL_STATE(65)] = 1728,
  [SMALL_STATE(66)] = 1751,
  [SMALL_STATE(67)] = 1775,
  [SMALL_STATE(68)] = 1791,
  [SMALL_STATE(69)] = 1807,
  [SMALL_STATE(70)] = 1828,
  [SMALL_STATE(71)] = 1849,
  [SMALL_STATE(72)] = 1872,
  [SMALL_STATE(73)] = 1889,
  [SMALL_STATE(74)] = 1906,
  [SMALL_STATE(75)] = 1923,
  [SMALL_STATE(76)] = 1940,
  [SMALL_STATE(77)] = 1957,
  [SMALL_STATE(78)] = 1974,
  [SMALL_STATE(79)] = 1988,
  [SMALL_STATE(80)] = 2002,
  [SMALL_STATE(81)] = 2016,
  [SMALL_STATE(82)] = 2038,
  [SMALL_STATE(83)] = 2055,
  [SMALL_STATE(84)] = 2072,
  [SMALL_STATE(85)] = 2089,
  [SMALL_STATE(86)] = 2108,
  [SMALL_STATE(87)] = 2125,
  [SMALL_STATE(88)] = 2142,
  [SMALL_STATE(89)] = 2159,
  [SMALL_STATE(90)] = 2176,
  [SMALL_STATE(91)] = 2193,
  [SMALL_STATE(92)] = 2208,
  [SMALL_STATE(93)] = 2225,
  [SMALL_STATE(94)] = 2234,
  [SMALL_STATE(95)] = 2248,
  [SMALL_STATE(96)] = 2264,
  [SMALL_STATE(97)] = 2276,
  [SMALL_STATE(98)] = 2292,
  [SMALL_STATE(99)] = 2306,
  [SMALL_STATE(100)] = 2316,
  [SMALL_STATE(101)] = 2330,
  [SMALL_STATE(102)] = 2344,
  [SMALL_STATE(103)] = 2360,
  [SMALL_STATE(104)] = 2372,
  [SMALL_STATE(105)] = 2384,
  [SMALL_STATE(106)] = 2400,
  [SMALL_STATE(107)] = 2414,
  [SMALL_STATE(108)] = 2428,
  [SMALL_STATE(109)] = 2439,
  [SMALL_STATE(110)] = 2450,
  [SMALL_STATE(111)] = 2461,
  [SMALL_STATE(112)] = 2470,
  [SMALL_STATE(113)] = 2483,
  [SMALL_STATE(114)] = 2494,
  [SMALL_STATE(115)] = 2503,
  [SMALL_STATE(116)] = 2510,
  [SMALL_STATE(117)] = 2521,
  [SMALL_STATE(118)] = 2530,
  [SMALL_STATE(119)] = 2541,
  [SMALL_STATE(120)] = 2550,
  [SMALL_STATE(121)] = 2559,
  [SMALL_STATE(122)] = 2570,
  [SMALL_STATE(123)] = 2581,
  [SMALL_STATE(124)] = 2590,
  [SMALL_STATE(125)] = 2599,
  [SMALL_STATE(126)] = 2608,
  [SMALL_STATE(127)] = 2619,
  [SMALL_STATE(128)] = 2632,
  [SMALL_STATE(129)] = 2641,
  [SMALL_STATE(130)] = 2650,
  [SMALL_STATE(131)] = 2661,
  [SMALL_STATE(132)] = 2672,
  [SMALL_STATE(133)] = 2681,
  [SMALL_STATE(134)] = 2687,
  [SMALL_STATE(135)] = 2697,
  [SMALL_STATE(136)] = 2705,
  [SMALL_STATE(137)] = 2713,
  [SMALL_STATE(138)] = 2721,
  [SMALL_STATE(139)] = 2729,
  [SMALL_STATE(140)] = 2737,
  [SMALL_STATE(141)] = 2745,
  [SMALL_STATE(142)] = 2753,
  [SMALL_STATE(143)] = 2761,
  [SMALL_STATE(144)] = 2771,
  [SMALL_STATE(145)] = 2779,
  [SMALL_STATE(146)] = 2787,
  [SMALL_STATE(147)] = 2795,
  [SMALL_STATE(148)] = 2803,
  [SMALL_STATE(149)] = 2811,
  [SMALL_STATE(150)] = 2819,
  [SMALL_STATE(151)] = 2825,
  [SMALL_STATE(152)] = 2833,
  [SMALL_STATE(153)] = 2841,
  [SMALL_STATE(154)] = 2847,
  [SMALL_STATE(155)] = 2853,
  [SMALL_STATE(156)] = 2861,
  [SMALL_STATE(157)] = 2867,
  [SMALL_STATE(158)] = 2873,
  [SMALL_STATE(159)] = 2879,
  [SMALL_STATE(160)] = 2887,
  [SMALL_STATE(161)] = 2893,
  [SMALL_STATE(162)] = 2901,
  [SMALL_STATE(163)] = 2907,
  [SMALL_STATE(164)] = 2913,
  [SMALL_STATE(165)] = 2919,
  [SMALL_STATE(166)] = 2927,
  [SMALL_STATE(167)] = 2933,
  [SMALL_STATE(168)] = 2941,
  [SMALL_STATE(169)] = 2947,
  [SMALL_STATE(170)] = 2957,
  [SMALL_STATE(171)] = 2965,
  [SMALL_STATE(172)] = 2973,
  [SMALL_STATE(173)] = 2983,
  [SMALL_STATE(174)] = 2991,
  [SMALL_STATE(175)] = 3001,
  [SMALL_STATE(176)] = 3009,
  [SMALL_STATE(177)] = 3017,
  [SMALL_STATE(178)] = 3022,
  [SMALL_STATE(179)] = 3029,
  [SMALL_STATE(180)] = 3034,
  [SMALL_STATE(181)] = 3039,
  [SMALL_STATE(182)] = 3044,
  [SMALL_STATE(183)] = 3049,
  [SMALL_STATE(184)] = 3054,
  [SMALL_STATE(185)] = 3059,
  [SMALL_STATE(186)] = 3064,
  [SMALL_STATE(187)] = 3071,
  [SMALL_STATE(188)] = 3078,
  [SMALL_STATE(189)] = 3085,
  [SMALL_STATE(190)] = 3090,
  [SMALL_STATE(191)] = 3097,
  [SMALL_STATE(192)] = 3102,
  [SMALL_STATE(193)] = 3107,
  [SMALL_STATE(194)] = 3111,
  [SMALL_STATE(195)] = 3115,
  [SMALL_STATE(196)] = 3119,
  [SMALL_STATE(197)] = 3123,
  [SMALL_STATE(198)] = 3127,
  [SMALL_STATE(199)] = 3131,
  [SMALL_STATE(200)] = 3135,
  [SMALL_STATE(201)] = 3139,
  [SMALL_STATE(202)] = 3143,
  [SMALL_STATE(203)] = 3147,
  [SMALL_STATE(204)] = 3151,
  [SMALL_STATE(205)] = 3155,
  [SMALL_STATE(206)] = 3159,
  [SMALL_STATE(207)] = 3163,
  [SMALL_STATE(208)] = 3167,
  [SMALL_STATE(209)] = 3171,
  [SMALL_STATE(210)] = 3175,
};

static const TSParseActionEntry ts_parse_actions[] = {
  [0] = {.entry = {.count = 0, .reusable = false}},
  [1] = {.entry = {.count = 1, .reusable = false}}, RECOVER(),
  [3] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_source_file, 0, 0, 0),
  [5] = {.entry = {.count = 1, .reusable = true}}, SHIFT(85),
  [7] = {.entry = {.count = 1, .reusable = true}}, SHIFT(7),
  [9] = {.entry = {.count = 1, .reusable = false}}, SHIFT(175),
  [11] = {.entry = {.count = 1, .reusable = true}}, SHIFT(200),
  [13] = {.entry = {.count = 1, .reusable = true}}, SHIFT(122),
  [15] = {.entry = {.count = 1, .reusable = true}}, SHIFT(102),
  [17] = {.entry = {.count = 1, .reusable = true}}, SHIFT(71),
  [19] = {.entry = {.count = 1, .reusable = true}}, SHIFT(105),
  [21] = {.entry = {.count = 1, .reusable = true}}, SHIFT(81),
  [23] = {.entry = {.count = 1, .reusable = true}}, SHIFT(91),
  [25] = {.entry = {.count = 1, .reusable = true}}, SHIFT(106),
  [27] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_query, 2, 0, 0),
  [29] = {.entry = {.count = 1, .reusable = true}}, SHIFT(4),
  [31] = {.entry = {.count = 1, .reusable = false}}, SHIFT(171),
  [33] = {.entry = {.count = 1, .reusable = true}}, SHIFT(66),
  [35] = {.entry = {.count = 1, .reusable = true}}, SHIFT(207),
  [37] = {.entry = {.count = 1, .reusable = true}}, SHIFT(108),
  [39] = {.entry = {.count = 1, .reusable = true}}, SHIFT(184),
  [41] = {.entry = {.count = 1, .reusable = true}}, SHIFT(180),
  [43] = {.entry = {.count = 1, .reusable = true}}, SHIFT(138),
  [45] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_query, 3, 0, 5),
  [47] = {.entry = {.count = 1, .reusable = true}}, SHIFT(5),
  [49] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_query, 3, 0, 0),
  [51] = {.entry = {.count = 1, .reusable = true}}, SHIFT(6),
  [53] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_query, 4, 0, 5),
  [55] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_query_repeat1, 2, 0, 0),
  [57] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_query_repeat1, 2, 0, 0), SHIFT_REPEAT(6),
  [60] = {.entry = {.count = 2, .reusable = false}}, REDUCE(aux_sym_query_repeat1, 2, 0, 0), SHIFT_REPEAT(171),
  [63] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_query_repeat1, 2, 0, 0), SHIFT_REPEAT(66),
  [66] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_query_repeat1, 2, 0, 0), SHIFT_REPEAT(207),
  [69] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_query_repeat1, 2, 0, 0), SHIFT_REPEAT(108),
  [72] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_query_repeat1, 2, 0, 0), SHIFT_REPEAT(184),
  [75] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_query_repeat1, 2, 0, 0), SHIFT_REPEAT(180),
  [78] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_query_repeat1, 2, 0, 0), SHIFT_REPEAT(138),
  [81] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_source_file, 1, 0, 0),
  [83] = {.entry = {.count = 1, .reusable = true}}, SHIFT(8),
  [85] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_source_file_repeat1, 2, 0, 0),
  [87] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_source_file_repeat1, 2, 0, 0), SHIFT_REPEAT(8),
  [90] = {.entry = {.count = 2, .reusable = false}}, REDUCE(aux_sym_source_file_repeat1, 2, 0, 0), SHIFT_REPEAT(175),
  [93] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_source_file_repeat1, 2, 0, 0), SHIFT_REPEAT(200),
  [96] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_source_file_repeat1, 2, 0, 0), SHIFT_REPEAT(122),
  [99] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_source_file_repeat1, 2, 0, 0), SHIFT_REPEAT(102),
  [102] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_source_file_repeat1, 2, 0, 0), SHIFT_REPEAT(71),
  [105] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_source_file_repeat1, 2, 0, 0), SHIFT_REPEAT(105),
  [108] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_source_file_repeat1, 2, 0, 0), SHIFT_REPEAT(81),
  [111] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_source_file_repeat1, 2, 0, 0), SHIFT_REPEAT(91),
  [114] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_source_file_repeat1, 2, 0, 0), SHIFT_REPEAT(106),
  [117] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_block, 2, 0, 0),
  [119] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_block, 1, 0, 0),
  [121] = {.entry = {.count = 1, .reusable = true}}, SHIFT(9),
  [123] = {.entry = {.count = 1, .reusable = false}}, REDUCE(aux_sym_query_repeat1, 2, 0, 0),
  [125] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_where_clause, 2, 0, 0),
  [127] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_where_clause, 2, 0, 0),
  [129] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_sort_clause, 3, 0, 0),
  [131] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_sort_clause, 3, 0, 0),
  [133] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_sort_clause, 4, 0, 0),
  [135] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_sort_clause, 4, 0, 0),
  [137] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_where_clause, 3, 0, 0),
  [139] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_where_clause, 3, 0, 0),
  [141] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_join_clause, 5, 0, 29),
  [143] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_join_clause, 5, 0, 29),
  [145] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_limit_clause, 3, 0, 0),
  [147] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_limit_clause, 3, 0, 0),
  [149] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_offset_clause, 3, 0, 0),
  [151] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_offset_clause, 3, 0, 0),
  [153] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_public_use_clause, 3, 0, 0),
  [155] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_public_use_clause, 3, 0, 0),
  [157] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_transaction, 2, 0, 0),
  [159] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_transaction, 2, 0, 0),
  [161] = {.entry = {.count = 1, .reusable = false}}, SHIFT(179),
  [163] = {.entry = {.count = 1, .reusable = false}}, SHIFT(24),
  [165] = {.entry = {.count = 1, .reusable = false}}, SHIFT(140),
  [167] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_http_request, 2, 0, 1),
  [169] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_http_request, 2, 0, 1),
  [171] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_transaction, 3, 0, 0),
  [173] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_transaction, 3, 0, 0),
  [175] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_http_request, 3, 0, 7),
  [177] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_http_request, 3, 0, 7),
  [179] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_body, 1, 0, 0),
  [181] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_body, 1, 0, 0),
  [183] = {.entry = {.count = 1, .reusable = false}}, SHIFT(25),
  [185] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_body_repeat1, 2, 0, 0),
  [187] = {.entry = {.count = 1, .reusable = false}}, REDUCE(aux_sym_body_repeat1, 2, 0, 0),
  [189] = {.entry = {.count = 2, .reusable = false}}, REDUCE(aux_sym_body_repeat1, 2, 0, 0), SHIFT_REPEAT(179),
  [192] = {.entry = {.count = 2, .reusable = false}}, REDUCE(aux_sym_body_repeat1, 2, 0, 0), SHIFT_REPEAT(25),
  [195] = {.entry = {.count = 2, .reusable = false}}, REDUCE(aux_sym_body_repeat1, 2, 0, 0), SHIFT_REPEAT(140),
  [198] = {.entry = {.count = 1, .reusable = false}}, SHIFT(183),
  [200] = {.entry = {.count = 1, .reusable = false}}, SHIFT(48),
  [202] = {.entry = {.count = 1, .reusable = false}}, SHIFT(169),
  [204] = {.entry = {.count = 1, .reusable = false}}, SHIFT(86),
  [206] = {.entry = {.count = 1, .reusable = false}}, SHIFT(167),
  [208] = {.entry = {.count = 1, .reusable = false}}, SHIFT(192),
  [210] = {.entry = {.count = 1, .reusable = true}}, SHIFT(48),
  [212] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_download, 2, 0, 0),
  [214] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_download, 2, 0, 0),
  [216] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_download, 3, 0, 9),
  [218] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_download, 3, 0, 9),
  [220] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_download, 3, 0, 10),
  [222] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_download, 3, 0, 10),
  [224] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_upload, 2, 0, 0),
  [226] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_upload, 2, 0, 0),
  [228] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_retry, 3, 0, 12),
  [230] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_retry, 3, 0, 12),
  [232] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_retry, 3, 0, 0),
  [234] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_retry, 3, 0, 0),
  [236] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_block_header, 4, 0, 13),
  [238] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_block_header, 4, 0, 13),
  [240] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_variable, 4, 0, 14),
  [242] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_variable, 4, 0, 14),
  [244] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym__item, 2, 0, 0),
  [246] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym__item, 2, 0, 0),
  [248] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_block_header, 3, 0, 2),
  [250] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_block_header, 3, 0, 2),
  [252] = {.entry = {.count = 1, .reusable = false}}, SHIFT(40),
  [254] = {.entry = {.count = 1, .reusable = false}}, SHIFT(159),
  [256] = {.entry = {.count = 1, .reusable = true}}, SHIFT(40),
  [258] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_block_header, 3, 0, 3),
  [260] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_block_header, 3, 0, 3),
  [262] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_variable, 3, 0, 4),
  [264] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_variable, 3, 0, 4),
  [266] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_transaction, 4, 0, 0),
  [268] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_transaction, 4, 0, 0),
  [270] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_http_request, 4, 0, 7),
  [272] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_http_request, 4, 0, 7),
  [274] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_upload, 4, 0, 15),
  [276] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_upload, 4, 0, 15),
  [278] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_download, 4, 0, 16),
  [280] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_download, 4, 0, 16),
  [282] = {.entry = {.count = 1, .reusable = false}}, REDUCE(aux_sym_reference_path_repeat1, 2, 0, 0),
  [284] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_reference_path_repeat1, 2, 0, 0),
  [286] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_reference_path_repeat1, 2, 0, 0), SHIFT_REPEAT(202),
  [289] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_reference_path_repeat1, 2, 0, 0), SHIFT_REPEAT(182),
  [292] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_upload, 3, 0, 8),
  [294] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_upload, 3, 0, 8),
  [296] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_expectation, 4, 0, 17),
  [298] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_expectation, 4, 0, 17),
  [300] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_expectation, 4, 0, 18),
  [302] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_expectation, 4, 0, 18),
  [304] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_retry, 4, 0, 12),
  [306] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_retry, 4, 0, 12),
  [308] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_retry, 4, 0, 19),
  [310] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_retry, 4, 0, 19),
  [312] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_block_header, 2, 0, 0),
  [314] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_block_header, 2, 0, 0),
  [316] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_upload, 5, 0, 21),
  [318] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_upload, 5, 0, 21),
  [320] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_download, 5, 0, 22),
  [322] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_download, 5, 0, 22),
  [324] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_download, 5, 0, 23),
  [326] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_download, 5, 0, 23),
  [328] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_expectation, 5, 0, 24),
  [330] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_expectation, 5, 0, 24),
  [332] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_retry, 5, 0, 25),
  [334] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_retry, 5, 0, 25),
  [336] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_http_request, 3, 0, 1),
  [338] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_http_request, 3, 0, 1),
  [340] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_retry, 2, 0, 0),
  [342] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_retry, 2, 0, 0),
  [344] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_response_path, 2, 0, 0),
  [346] = {.entry = {.count = 1, .reusable = true}}, SHIFT(202),
  [348] = {.entry = {.count = 1, .reusable = true}}, SHIFT(182),
  [350] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_response_path, 2, 0, 0),
  [352] = {.entry = {.count = 1, .reusable = false}}, REDUCE(aux_sym_reference_path_repeat1, 3, 0, 0),
  [354] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_reference_path_repeat1, 3, 0, 0),
  [356] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_response_path, 1, 0, 0),
  [358] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_response_path, 1, 0, 0),
  [360] = {.entry = {.count = 1, .reusable = false}}, SHIFT(67),
  [362] = {.entry = {.count = 1, .reusable = true}}, SHIFT(67),
  [364] = {.entry = {.count = 1, .reusable = true}}, SHIFT(147),
  [366] = {.entry = {.count = 1, .reusable = true}}, SHIFT(135),
  [368] = {.entry = {.count = 1, .reusable = true}}, SHIFT(12),
  [370] = {.entry = {.count = 1, .reusable = true}}, SHIFT(72),
  [372] = {.entry = {.count = 1, .reusable = true}}, SHIFT(96),
  [374] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_expect_operator, 1, 0, 0),
  [376] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_expect_operator, 1, 0, 0),
  [378] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym__subject, 2, 0, 11),
  [380] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym__subject, 2, 0, 11),
  [382] = {.entry = {.count = 1, .reusable = true}}, SHIFT(199),
  [384] = {.entry = {.count = 1, .reusable = true}}, SHIFT(90),
  [386] = {.entry = {.count = 1, .reusable = true}}, SHIFT(120),
  [388] = {.entry = {.count = 1, .reusable = true}}, SHIFT(119),
  [390] = {.entry = {.count = 1, .reusable = true}}, SHIFT(210),
  [392] = {.entry = {.count = 1, .reusable = true}}, SHIFT(82),
  [394] = {.entry = {.count = 1, .reusable = true}}, SHIFT(163),
  [396] = {.entry = {.count = 1, .reusable = true}}, SHIFT(162),
  [398] = {.entry = {.count = 1, .reusable = false}}, SHIFT(21),
  [400] = {.entry = {.count = 1, .reusable = false}}, SHIFT(143),
  [402] = {.entry = {.count = 1, .reusable = false}}, SHIFT(87),
  [404] = {.entry = {.count = 1, .reusable = true}}, SHIFT(21),
  [406] = {.entry = {.count = 1, .reusable = true}}, SHIFT(77),
  [408] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_field_path, 1, 0, 0),
  [410] = {.entry = {.count = 1, .reusable = true}}, SHIFT(197),
  [412] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_field_path_repeat1, 2, 0, 0),
  [414] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_field_path_repeat1, 2, 0, 0), SHIFT_REPEAT(197),
  [417] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_field_path, 2, 0, 0),
  [419] = {.entry = {.count = 1, .reusable = false}}, SHIFT(28),
  [421] = {.entry = {.count = 1, .reusable = false}}, SHIFT(186),
  [423] = {.entry = {.count = 1, .reusable = false}}, SHIFT(109),
  [425] = {.entry = {.count = 1, .reusable = true}}, SHIFT(28),
  [427] = {.entry = {.count = 1, .reusable = false}}, SHIFT(174),
  [429] = {.entry = {.count = 1, .reusable = false}}, SHIFT(166),
  [431] = {.entry = {.count = 1, .reusable = false}}, SHIFT(83),
  [433] = {.entry = {.count = 1, .reusable = true}}, SHIFT(83),
  [435] = {.entry = {.count = 1, .reusable = false}}, SHIFT(168),
  [437] = {.entry = {.count = 1, .reusable = false}}, SHIFT(88),
  [439] = {.entry = {.count = 1, .reusable = true}}, SHIFT(88),
  [441] = {.entry = {.count = 1, .reusable = false}}, SHIFT(191),
  [443] = {.entry = {.count = 1, .reusable = false}}, SHIFT(95),
  [445] = {.entry = {.count = 1, .reusable = false}}, SHIFT(181),
  [447] = {.entry = {.count = 1, .reusable = false}}, SHIFT(51),
  [449] = {.entry = {.count = 1, .reusable = true}}, SHIFT(51),
  [451] = {.entry = {.count = 1, .reusable = false}}, SHIFT(177),
  [453] = {.entry = {.count = 1, .reusable = false}}, SHIFT(84),
  [455] = {.entry = {.count = 1, .reusable = true}}, SHIFT(84),
  [457] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_target, 1, 0, 0),
  [459] = {.entry = {.count = 1, .reusable = false}}, SHIFT(89),
  [461] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_target, 1, 0, 0),
  [463] = {.entry = {.count = 2, .reusable = false}}, REDUCE(aux_sym_string_repeat1, 2, 0, 0), SHIFT_REPEAT(174),
  [466] = {.entry = {.count = 1, .reusable = false}}, REDUCE(aux_sym_string_repeat1, 2, 0, 0),
  [468] = {.entry = {.count = 2, .reusable = false}}, REDUCE(aux_sym_string_repeat1, 2, 0, 0), SHIFT_REPEAT(88),
  [471] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_string_repeat1, 2, 0, 0), SHIFT_REPEAT(88),
  [474] = {.entry = {.count = 1, .reusable = false}}, REDUCE(aux_sym_target_repeat1, 2, 0, 0),
  [476] = {.entry = {.count = 2, .reusable = false}}, REDUCE(aux_sym_target_repeat1, 2, 0, 0), SHIFT_REPEAT(143),
  [479] = {.entry = {.count = 2, .reusable = false}}, REDUCE(aux_sym_target_repeat1, 2, 0, 0), SHIFT_REPEAT(89),
  [482] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_target_repeat1, 2, 0, 0),
  [484] = {.entry = {.count = 1, .reusable = false}}, SHIFT(124),
  [486] = {.entry = {.count = 1, .reusable = false}}, SHIFT(92),
  [488] = {.entry = {.count = 1, .reusable = true}}, SHIFT(92),
  [490] = {.entry = {.count = 1, .reusable = false}}, SHIFT(63),
  [492] = {.entry = {.count = 1, .reusable = true}}, SHIFT(65),
  [494] = {.entry = {.count = 1, .reusable = true}}, SHIFT(195),
  [496] = {.entry = {.count = 1, .reusable = false}}, SHIFT(125),
  [498] = {.entry = {.count = 1, .reusable = false}}, SHIFT(37),
  [500] = {.entry = {.count = 1, .reusable = true}}, SHIFT(37),
  [502] = {.entry = {.count = 1, .reusable = true}}, SHIFT(196),
  [504] = {.entry = {.count = 1, .reusable = false}}, SHIFT(15),
  [506] = {.entry = {.count = 1, .reusable = true}}, SHIFT(73),
  [508] = {.entry = {.count = 1, .reusable = true}}, SHIFT(75),
  [510] = {.entry = {.count = 1, .reusable = true}}, SHIFT(15),
  [512] = {.entry = {.count = 1, .reusable = true}}, SHIFT(13),
  [514] = {.entry = {.count = 1, .reusable = true}}, SHIFT(131),
  [516] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_sort_key, 1, 0, 0),
  [518] = {.entry = {.count = 1, .reusable = true}}, SHIFT(133),
  [520] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_source_file, 2, 0, 0),
  [522] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_source_file_repeat2, 2, 0, 0),
  [524] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_source_file_repeat2, 2, 0, 0), SHIFT_REPEAT(85),
  [527] = {.entry = {.count = 1, .reusable = false}}, SHIFT(20),
  [529] = {.entry = {.count = 1, .reusable = true}}, SHIFT(20),
  [531] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_field_path_repeat1, 2, 0, 0), SHIFT_REPEAT(196),
  [534] = {.entry = {.count = 1, .reusable = false}}, SHIFT(31),
  [536] = {.entry = {.count = 1, .reusable = false}}, SHIFT(188),
  [538] = {.entry = {.count = 1, .reusable = false}}, SHIFT(130),
  [540] = {.entry = {.count = 1, .reusable = true}}, SHIFT(31),
  [542] = {.entry = {.count = 1, .reusable = true}}, SHIFT(59),
  [544] = {.entry = {.count = 1, .reusable = true}}, SHIFT(113),
  [546] = {.entry = {.count = 1, .reusable = true}}, SHIFT(116),
  [548] = {.entry = {.count = 1, .reusable = true}}, SHIFT(14),
  [550] = {.entry = {.count = 1, .reusable = true}}, SHIFT(78),
  [552] = {.entry = {.count = 1, .reusable = true}}, SHIFT(29),
  [554] = {.entry = {.count = 1, .reusable = true}}, SHIFT(187),
  [556] = {.entry = {.count = 1, .reusable = true}}, SHIFT(30),
  [558] = {.entry = {.count = 1, .reusable = true}}, SHIFT(190),
  [560] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_reference, 2, 0, 0),
  [562] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_reference, 2, 0, 0),
  [564] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_reference_path, 1, 0, 6),
  [566] = {.entry = {.count = 1, .reusable = true}}, SHIFT(32),
  [568] = {.entry = {.count = 1, .reusable = true}}, SHIFT(126),
  [570] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_parenthesized_expression, 3, 0, 0),
  [572] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_parenthesized_expression, 3, 0, 0),
  [574] = {.entry = {.count = 1, .reusable = true}}, SHIFT(33),
  [576] = {.entry = {.count = 1, .reusable = true}}, SHIFT(146),
  [578] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_binary_expression, 3, 0, 26),
  [580] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_binary_expression, 3, 0, 26),
  [582] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym__operand, 1, 0, 27),
  [584] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym__operand, 1, 0, 27),
  [586] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_comparison, 3, 0, 28),
  [588] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_comparison, 3, 0, 28),
  [590] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_sort_clause_repeat1, 2, 0, 0),
  [592] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_sort_clause_repeat1, 2, 0, 0), SHIFT_REPEAT(131),
  [595] = {.entry = {.count = 1, .reusable = true}}, SHIFT(2),
  [597] = {.entry = {.count = 1, .reusable = true}}, SHIFT(165),
  [599] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_range, 5, 0, 0),
  [601] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_range, 5, 0, 0),
  [603] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_string, 2, 0, 0),
  [605] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_string, 2, 0, 0),
  [607] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_string, 3, 0, 0),
  [609] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_string, 3, 0, 0),
  [611] = {.entry = {.count = 1, .reusable = true}}, SHIFT(49),
  [613] = {.entry = {.count = 1, .reusable = true}}, SHIFT(170),
  [615] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_reference_path, 2, 0, 6),
  [617] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_reference, 3, 0, 8),
  [619] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_reference, 3, 0, 8),
  [621] = {.entry = {.count = 1, .reusable = true}}, SHIFT(46),
  [623] = {.entry = {.count = 1, .reusable = true}}, SHIFT(178),
  [625] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_sort_key, 2, 0, 20),
  [627] = {.entry = {.count = 1, .reusable = true}}, SHIFT(74),
  [629] = {.entry = {.count = 1, .reusable = true}}, SHIFT(76),
  [631] = {.entry = {.count = 1, .reusable = true}}, SHIFT(114),
  [633] = {.entry = {.count = 1, .reusable = true}}, SHIFT(47),
  [635] = {.entry = {.count = 1, .reusable = true}}, SHIFT(17),
  [637] = {.entry = {.count = 1, .reusable = true}}, SHIFT(192),
  [639] = {.entry = {.count = 1, .reusable = true}}, SHIFT(18),
  [641] = {.entry = {.count = 1, .reusable = true}}, SHIFT(27),
  [643] = {.entry = {.count = 1, .reusable = true}}, SHIFT(19),
  [645] = {.entry = {.count = 1, .reusable = true}}, SHIFT(22),
  [647] = {.entry = {.count = 1, .reusable = true}}, SHIFT(111),
  [649] = {.entry = {.count = 1, .reusable = true}}, SHIFT(112),
  [651] = {.entry = {.count = 1, .reusable = true}}, SHIFT(39),
  [653] = {.entry = {.count = 1, .reusable = true}}, SHIFT(34),
  [655] = {.entry = {.count = 1, .reusable = true}}, SHIFT(50),
  [657] = {.entry = {.count = 1, .reusable = true}}, SHIFT(60),
  [659] = {.entry = {.count = 1, .reusable = true}}, SHIFT(53),
  [661] = {.entry = {.count = 1, .reusable = true}}, SHIFT(16),
  [663] = {.entry = {.count = 1, .reusable = true}}, SHIFT(23),
  [665] = {.entry = {.count = 1, .reusable = true}}, SHIFT(54),
  [667] = {.entry = {.count = 1, .reusable = true}}, SHIFT(70),
  [669] = {.entry = {.count = 1, .reusable = true}}, SHIFT(43),
  [671] = {.entry = {.count = 1, .reusable = true}}, SHIFT(69),
  [673] = {.entry = {.count = 1, .reusable = true}}, SHIFT(35),
  [675] = {.entry = {.count = 1, .reusable = true}}, SHIFT(3),
  [677] = {.entry = {.count = 1, .reusable = true}}, SHIFT(56),
  [679] = {.entry = {.count = 1, .reusable = true}}, SHIFT(154),
  [681] = {.entry = {.count = 1, .reusable = true}}, SHIFT(57),
  [683] = {.entry = {.count = 1, .reusable = true}}, SHIFT(11),
  [685] = {.entry = {.count = 1, .reusable = true}}, SHIFT(157),
  [687] = {.entry = {.count = 1, .reusable = true}}, SHIFT(44),
  [689] = {.entry = {.count = 1, .reusable = true}}, SHIFT(128),
  [691] = {.entry = {.count = 1, .reusable = true}}, SHIFT(36),
  [693] = {.entry = {.count = 1, .reusable = true}}, SHIFT(55),
  [695] = {.entry = {.count = 1, .reusable = true}}, SHIFT(183),
  [697] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_body_line, 1, 0, 0),
  [699] = {.entry = {.count = 1, .reusable = true}}, SHIFT(139),
  [701] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_description, 1, 0, 0),
  [703] = {.entry = {.count = 1, .reusable = true}}, SHIFT(198),
  [705] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_raw_value, 1, 0, 0),
  [707] = {.entry = {.count = 1, .reusable = true}}, SHIFT(137),
  [709] = {.entry = {.count = 1, .reusable = true}}, SHIFT(123),
  [711] = {.entry = {.count = 1, .reusable = true}}, SHIFT(164),
  [713] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_boolean, 1, 0, 0),
  [715] = {.entry = {.count = 1, .reusable = true}}, SHIFT(156),
  [717] = {.entry = {.count = 1, .reusable = true}}, SHIFT(136),
  [719] = {.entry = {.count = 1, .reusable = true}}, SHIFT(68),
  [721] = {.entry = {.count = 1, .reusable = true}}, SHIFT(115),
  [723] = {.entry = {.count = 1, .reusable = true}}, SHIFT(93),
  [725] = {.entry = {.count = 1, .reusable = true}}, SHIFT(62),
  [727] = {.entry = {.count = 1, .reusable = true}}, SHIFT(201),
  [729] = {.entry = {.count = 1, .reusable = true}}, SHIFT(38),
  [731] = {.entry = {.count = 1, .reusable = true}}, SHIFT(206),
  [733] = {.entry = {.count = 1, .reusable = true}}, SHIFT(64),
  [735] = {.entry = {.count = 1, .reusable = true}}, SHIFT(132),
  [737] = {.entry = {.count = 1, .reusable = true}}, SHIFT(129),
  [739] = {.entry = {.count = 1, .reusable = true}},  ACCEPT_INPUT(),
  [741] = {.entry = {.count = 1, .reusable = true}}, SHIFT(185),
  [743] = {.entry = {.count = 1, .reusable = true}}, SHIFT(194),
  [745] = {.entry = {.count = 1, .reusable = true}}, SHIFT(189),
  [747] = {.entry = {.count = 1, .reusable = true}}, SHIFT(208),
  [749] = {.entry = {.count = 1, .reusable = true}}, SHIFT(209),
};

enum ts_external_scanner_symbol_identifiers {
  ts_external_token__end_of_file = 0,
};

static const TSSymbol ts_external_scanner_symbol_map[EXTERNAL_TOKEN_COUNT] = {
  [ts_external_token__end_of_file] = sym__end_of_file,
};

static const bool ts_external_scanner_states[2][EXTERNAL_TOKEN_COUNT] = {
  [1] = {
    [ts_external_token__end_of_file] = true,
  },
};

#ifdef __cplusplus
extern "C" {
#endif
void *tree_sitter_noarkq_external_scanner_create(void);
void tree_sitter_noarkq_external_scanner_destroy(void *);
bool tree_sitter_noarkq_external_scanner_scan(void *, TSLexer *, const bool *);
unsigned tree_sitter_noarkq_external_scanner_serialize(void *, char *);
void tree_sitter_noarkq_external_scanner_deserialize(void *, const char *, unsigned);

#ifdef TREE_SITTER_HIDE_SYMBOLS
#define TS_PUBLIC
#elif defined(_WIN32)
#define TS_PUBLIC __declspec(dllexport)
#else
#define TS_PUBLIC __attribute__((visibility("default")))
#endif

TS_PUBLIC const TSLanguage *tree_sitter_noarkq(void) {
  static const TSLanguage language = {
    .version = LANGUAGE_VERSION,
    .symbol_count = SYMBOL_COUNT,
    .alias_count = ALIAS_COUNT,
    .token_count = TOKEN_COUNT,
    .external_token_count = EXTERNAL_TOKEN_COUNT,
    .state_count = STATE_COUNT,
    .large_state_count = LARGE_STATE_COUNT,
    .production_id_count = PRODUCTION_ID_COUNT,
    .field_count = FIELD_COUNT,
    .max_alias_sequence_length = MAX_ALIAS_SEQUENCE_LENGTH,
    .parse_table = &ts_parse_table[0][0],
    .small_parse_table = ts_small_parse_table,
    .small_parse_table_map = ts_small_parse_table_map,
    .parse_actions = ts_parse_actions,
    .symbol_names = ts_symbol_names,
    .field_names = ts_field_names,
    .field_map_slices = ts_field_map_slices,
    .field_map_entries = ts_field_map_entries,
    .symbol_metadata = ts_symbol_metadata,
    .public_symbol_map = ts_symbol_map,
    .alias_map = ts_non_terminal_alias_map,
    .alias_sequences = &ts_alias_sequences[0][0],
    .lex_modes = ts_lex_modes,
    .lex_fn = ts_lex,
    .external_scanner = {
      &ts_external_scanner_states[0][0],
      ts_external_scanner_symbol_map,
      tree_sitter_noarkq_external_scanner_create,
      tree_sitter_noarkq_external_scanner_destroy,
      tree_sitter_noarkq_external_scanner_scan,
      tree_sitter_noarkq_external_scanner_serialize,
      tree_sitter_noarkq_external_scanner_deserialize,
    },
    .primary_state_ids = ts_primary_state_ids,
  };
  return &language;
}
#ifdef __cplusplus
}
#endif
