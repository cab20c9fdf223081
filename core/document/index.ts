/** `.noarkq` documents: parsing (blocks, variables, references, requests) and document checks. */
export { parseDocument, reparseStretch, startParse, type ChangedStretch, type SteppedParse, type TextPieces } from './documentParser';
export { parseBlock, blockNamePattern } from './blockParser';
export { checkDocument, createDocumentChecker, type CheckedDiagnostics, type DiagnosticRun, type DocumentChecker, type DocumentCheckOptions } from './documentChecker';
export { documentDiagnosticCodes, DocumentCodes, type DocumentCode } from './documentCodes';
export { allBlocks, blockAt, blockByName, blockCount, blockNameIndex, blockOf, toBlockOffset, toBlockSpan, toDocumentOffset, toDocumentSpan } from './documentNavigation';
export { usable, usableNamed, variableChain, visibleVariables } from './variableScope';
export { scanReferences, referencePathText } from './referenceScanner';
export { apiEndpoints, apiRootPath, matchEndpoint, relativeToApiRoot, type EndpointDef } from './httpEndpoints';
export {
  requestBodyShapes,
  requestBodyShape,
  bodyShapeOfRequest,
  bodyShapeAt,
  describeBodyType,
  type RequestBodyShape,
  type BodyKeyShape,
  type BodyValueShape,
  type BodyValueType,
} from './requestBodyShapes';
export { fullTextExpandKeys, fullTextFilterField, fullTextFilterNames, fullTextKeyOf, type FullTextFilterField } from './fullTextSearchTerms';
export { requestKeywords, httpMethods, type RequestKeyword } from './requestKeywords';
export { variableNamePattern } from './variableParser';
export {
  evaluateExpectation,
  evaluateExpectations,
  describeOutcome,
  expectationSubjectText,
  successStatusExpectation,
  withImpliedStatus,
  type ExpectationPath,
  type ExpectationSubjectInput,
  type ExpectationComparison,
  type ExpectationRegex,
  type ResolvedExpectation,
  type ObservedResponse,
  type ExpectationOutcome,
  type ExpectationEvaluationOptions,
} from './expectationEvaluation';
export { defaultRetryIntervalMs, maxTries, retrySchedule, nextTry, describeTries, type RetryTiming, type RetryDecision } from './expectationRetry';
export type * from './documentModel';
export { responseShapeOfBlock, noResponseReason } from './blockResponses';
export { resolveReference } from './referenceResolver';
export { shapeMembers, describeShape, type ShapeMember } from './shapeDescriptions';
export { entityShape } from './entityShapes';
export type { ResponseShape, ReferenceResolution, ReferenceProblemKind } from './responseShape';
export { ValueResolver, type ValueSources, type RecordedResponse, type Resolution } from './valueResolver';
export type * from './expectationModel';
export { expectationOperators } from './expectationModel';
export { expectationKeywordAt } from './expectationParser';
export { httpRequestWrites, requestWrites } from './requestWrites';
export { expectationPathShape } from './expectationChecks';
