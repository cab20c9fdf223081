/** Checks of TRANSACTION bodies: shape, ids, fields, links and creation rules. */
export { checkTransaction, checkTransactionText } from './transactionChecker';
export { classifyId } from './transactionIds';
export { transactionDiagnosticCodes, TxCodes, type TxCode } from './transactionCodes';
export type { BsmField, BsmFieldType, BsmGroup, TransactionCheckContext } from './transactionContext';
export { bsmFieldTypes } from './transactionContext';
export { bsmTextValueProblem } from './bsmChecks';
export { bsmIdMessage, bsmIdProblem, isBsmId, suggestBsmId } from './bsmIds';
