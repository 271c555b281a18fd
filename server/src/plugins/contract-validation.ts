import { safeInputSchema } from '@contract/text';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type ValidationResult = { error?: unknown; value?: unknown };

const checkSafeInput = validatorCompiler({ schema: safeInputSchema, method: 'POST', url: '*' }) as (
  data: unknown,
) => ValidationResult;

/**
 * Every route's body, query, params and headers pass the contract's text rule (contract/text.ts)
 * before their own schema, so no route can store a NUL byte or a lone surrogate by forgetting it.
 * The refusal is an ordinary validation error: a 400 problem naming each field.
 */
export const contractValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data) => {
    const unsafe = checkSafeInput(data);
    return unsafe.error ? (unsafe as ReturnType<typeof validate>) : validate(data);
  };
};
