import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '#server/http/access.ts';
import { toFieldErrors } from '#server/http/error-handler.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { NoContentSchema } from '#shared/api/api-schemas.ts';
import { invalid } from '#shared/errors/app-error.ts';
import {
  CreatePersonaSchema,
  PERSONA_MESSAGES,
  PersonaListSchema,
  PersonaParamsSchema,
  PersonaSchema,
  REQUIRED_FIELD_MESSAGES,
  UpdatePersonaSchema,
} from '#shared/personas/persona-schemas.ts';
import { createPersona, deletePersona, listPersonas, updatePersona } from './personas.service.ts';

/**
 * With attachValidation the handler sees body problems first: a missing required field answers
 * with the spec's general message 'Please fill in all required fields' and the per-field
 * messages as details (spec 01-core §5); any other problem goes to the error handler as usual.
 */
function rethrowValidationError(request: FastifyRequest) {
  const error = request.validationError;
  if (!error) return;
  const issues = (error.validation ?? []) as { instancePath: string; message?: string }[];
  if (!issues.some((issue) => REQUIRED_FIELD_MESSAGES.includes(issue.message ?? ''))) throw error;
  throw invalid(PERSONA_MESSAGES.requiredFields, toFieldErrors(issues));
}

/** AI personas (spec 01-core §2 Personas, §6, §7). */
export function registerPersonaRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/personas',
    { config: { access: 'user' }, schema: { response: { 200: PersonaListSchema } } },
    async (request) => listPersonas(ctx.db, requireUser(request)),
  );

  api.post(
    '/api/personas',
    {
      config: { access: 'user' },
      attachValidation: true,
      schema: { body: CreatePersonaSchema, response: { 201: PersonaSchema } },
    },
    async (request, reply) => {
      rethrowValidationError(request);
      const persona = await createPersona(ctx.db, requireUser(request), request.body);
      return reply.status(201).send(persona);
    },
  );

  api.patch(
    '/api/personas/:id',
    {
      config: { access: 'user' },
      attachValidation: true,
      schema: {
        params: PersonaParamsSchema,
        body: UpdatePersonaSchema,
        response: { 200: PersonaSchema },
      },
    },
    async (request) => {
      rethrowValidationError(request);
      return updatePersona(ctx.db, requireUser(request), request.params.id, request.body);
    },
  );

  api.delete(
    '/api/personas/:id',
    {
      config: { access: 'user' },
      schema: { params: PersonaParamsSchema, response: { 204: NoContentSchema } },
    },
    async (request, reply) => {
      await deletePersona(ctx.db, requireUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
