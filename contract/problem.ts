import { z } from 'zod';

/** One field that failed validation: `field` is a dotted path into the body, query or params. */
export const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});

/** RFC 9457 problem details, the body of every error the API returns. */
export const problemSchema = z
  .looseObject({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    code: z.string(),
    errors: z.array(fieldErrorSchema).optional(),
    request_id: z.string().optional(),
    /** Why an affiliate's registration was refused, when that is the problem. */
    status_reason: z.string().optional(),
  })
  .meta({ id: 'Problem' });

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type Problem = z.infer<typeof problemSchema>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
