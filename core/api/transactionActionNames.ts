/** The `action`s of a transaction, zod-free so that the checker can read them without the schemas. */
export const transactionActionNames = ['save', 'link', 'unlink', 'delete'] as const;
export type TransactionActionName = (typeof transactionActionNames)[number];
