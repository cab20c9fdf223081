/** The `order`s of a query's `sortOrder` items. Zod-free, so that the checker can read them. */
export const sortOrders = ['asc', 'desc'] as const;
