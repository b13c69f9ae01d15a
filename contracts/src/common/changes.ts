/** Partial updates (PATCH bodies) as the API takes them. */
import type { z } from 'zod';

/**
 * A PATCH body: an object of optional fields, at least one of which is sent (`null` counts: it
 * clears the field). `{}` changes nothing and is refused with `message`, which names the fields.
 * Said the same way to the server (a refinement) and to the OpenAPI document (`anyOf` one of the
 * fields `required`), so what the schema accepts, the server accepts.
 */
export function someChange<T extends z.ZodObject>(schema: T, message: string) {
  const fields = Object.keys(schema.shape);
  return schema
    .refine((body) => fields.some((field) => (body as Record<string, unknown>)[field] !== undefined), { error: message })
    .meta({ anyOf: fields.map((field) => ({ required: [field] })) } as Record<string, unknown>);
}
