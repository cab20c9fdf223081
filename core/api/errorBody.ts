/**
 * The JSON error body (`{errorId, description, status}`, the vendor's shape) an archive sends when
 * asked with the error-response-type headers. Read leniently: proxies and OAuth servers answer
 * `message`, `error`, `error_description` instead, and some archives a numeric `errorId`.
 */
import { z } from 'zod';

export const errorBodySchema = z.object({
  errorId: z.union([z.string(), z.number()]).transform(String).optional(),
  description: z.string().optional(),
  message: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
  status: z.union([z.number(), z.string()]).optional(),
});

/** What an error body may hold, as read. */
export type ErrorBodyRead = z.output<typeof errorBodySchema>;

/** What an archive sends (the sandbox does exactly this). */
export interface ErrorBody {
  errorId: string;
  description: string;
  status: number;
}
