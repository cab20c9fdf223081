/** The keys a body type of core/api declares: a loose body's index signature (the keys it keeps
 * as received) is left out. Type-only, so the checker can use it without loading zod. */
export type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : K]: T[K] } & string;
