/**
 * Everything the language server computes with: the Noark model, the core analyses, the caches
 * around them and the schemas of the `noarkq/...` messages. Its own bundle
 * (dist/serverAnalyses.js), loaded once the `initialize` answer is out: reading, compiling and
 * evaluating it is most of what the server's start costs, and the client has nothing to wait for
 * until it sends a document.
 *
 * Nothing here may import a value from `vscode-languageserver`: the connection's classes
 * (`ResponseError` above all, which the connection tells from a result by `instanceof`) exist once,
 * in dist/server.js.
 */
export { noarkModel } from '../core/schema';
export { getCodeActions } from '../core/features/codeActions';
export { getCompletions } from '../core/features/completion';
export { documentSymbolsSteps, getDocumentSymbols } from '../core/features/documentSymbols';
export { foldingRangesSteps, getFoldingRanges } from '../core/features/foldingRanges';
export { formatDocument, formatRange } from '../core/features/formatting';
export { getHover } from '../core/features/hover';
export { explainLanguageOf } from '../core/features/queryExplanation';
export { queryExplanationAt } from '../core/features/queryExplanationActions';
export { getDefinition, getReferences, getRenameEdits, prepareRename } from '../core/features/navigation';
export { getSemanticTokens, semanticTokensSteps } from '../core/features/semanticTokens';
export { DocumentDiagnostics } from './documentDiagnostics';
export { FeatureContextStore } from './featureContextStore';
export { ParseCache } from './parseCache';
export { queryRequestBody } from './queryRequestBody';
export { testBlocks } from './testBlocks';
export { parseDocument, startParse } from '../core/document';
export { defaultServerSettings, explainQueryParams, queryRequestBodyParams, serverSettings, setContextParams, setResponsesParams, testBlocksParams } from '../protocol/customMessageSchemas';
export { requestParamsProblem } from './requestParams';
export { adaptCompletions, adaptHover } from '../core/features/clientFormats';
