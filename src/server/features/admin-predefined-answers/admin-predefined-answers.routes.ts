import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerIn,
  findPredefinedMatch,
  forgetPredefinedAnswers,
} from '#server/ai/predefined-answers.ts';
import { findActivePredefinedAnswers } from '#server/ai/predefined-answers.queries.ts';
import { auditActor, withAudit } from '#server/audit/audit.ts';
import { findUniqueViolation } from '#server/db/database-errors.ts';
import { decodeCursor, toPage } from '#server/http/cursor.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { NoContentSchema } from '#shared/api/api-schemas.ts';
import {
  PredefinedAnswerInputSchema,
  PredefinedAnswerPageSchema,
  PredefinedAnswerParamsSchema,
  PredefinedAnswerPatchSchema,
  PredefinedAnswerQuerySchema,
  PredefinedAnswerSchema,
  PredefinedTryResultSchema,
  PredefinedTrySchema,
  type PredefinedAnswer,
  type PredefinedAnswerInput,
} from '#shared/admin/predefined-answer-schemas.ts';
import { conflict, notFound } from '#shared/errors/app-error.ts';
import { RowIdSchema, textSchema } from '#shared/validation/database-input.ts';
import {
  deletePredefinedAnswer,
  findPredefinedAnswer,
  insertPredefinedAnswer,
  listPredefinedAnswers,
  updatePredefinedAnswer,
  type PredefinedAnswerRow,
  type PredefinedAnswerValues,
} from './admin-predefined-answers.queries.ts';

export const DUPLICATE_KEYWORD = 'A predefined answer with this keyword already exists';
const NOT_FOUND = 'Predefined answer not found';
// A cursor names the sort key of its own list, in what the query can bind: a forged one (a
// keyword for the priority order, a number past int4) is a 400, not a failed query (decision 340).
const PriorityCursorSchema = z.tuple([
  z.number().int().min(-2_147_483_648).max(2_147_483_647),
  RowIdSchema,
]);
const KeywordCursorSchema = z.tuple([textSchema(), RowIdSchema]);

function toPredefinedAnswer(row: PredefinedAnswerRow): PredefinedAnswer {
  return {
    id: row.id,
    keyword: row.keyword,
    answer: row.answer,
    translations: {
      de: row.answerDe,
      zh: row.answerZh,
      mk: row.answerMk,
      sq: row.answerSq,
      ko: row.answerKo,
    },
    priority: row.priority,
    isActive: row.isActive,
    exactMatch: row.exactMatch,
    caseSensitive: row.caseSensitive,
    category: row.category,
    tags: row.tags ?? [],
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns a (partial) input sets; fields it leaves out are not touched. */
function toValues(input: Partial<PredefinedAnswerInput>): Partial<PredefinedAnswerValues> {
  const { translations, ...rest } = input;
  const values: Partial<PredefinedAnswerValues> = { ...rest };
  if (translations) {
    const columns = {
      de: 'answerDe',
      zh: 'answerZh',
      mk: 'answerMk',
      sq: 'answerSq',
      ko: 'answerKo',
    } as const;
    for (const [language, column] of Object.entries(columns)) {
      const text = translations[language as keyof typeof columns];
      if (text !== undefined) values[column] = text;
    }
  }
  return values;
}

/** A duplicate keyword is the administrator's to fix: 409, nothing written. */
async function keywordUnique<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (findUniqueViolation(error))
      throw conflict(DUPLICATE_KEYWORD, { keyword: [DUPLICATE_KEYWORD] });
    throw error;
  }
}

/** Keyword answers served without a model call (issue 12 "predefined-answers", spec 02 §3). */
export function registerAdminPredefinedAnswerRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/admin/predefined-answers';
  const target = (id?: number) => ({ type: 'predefined_answer', id: id ?? null });

  api.get(
    base,
    {
      config: { access: 'admin' },
      schema: {
        querystring: PredefinedAnswerQuerySchema,
        response: { 200: PredefinedAnswerPageSchema },
      },
    },
    async (request) => {
      const { query } = request;
      const cursorSchema = query.sort === 'priority' ? PriorityCursorSchema : KeywordCursorSchema;
      const after = query.cursor ? decodeCursor(query.cursor, cursorSchema) : null;
      const rows = await listPredefinedAnswers(ctx.db, query, after);
      return toPage(rows, query.limit, toPredefinedAnswer, (row) => [
        query.sort === 'priority' ? row.priority : row.keyword,
        row.id,
      ]);
    },
  );

  api.post(
    base,
    {
      config: { access: 'admin' },
      schema: { body: PredefinedAnswerInputSchema, response: { 201: PredefinedAnswerSchema } },
    },
    async (request, reply) => {
      const actor = auditActor(request);
      const row = await keywordUnique(
        withAudit(ctx.db, actor, 'predefined_answer.create', target(), async (tx, record) => {
          const created = await insertPredefinedAnswer(tx, {
            ...(toValues(request.body) as PredefinedAnswerValues),
            createdBy: actor.userId,
          });
          record.targetId = created.id;
          record.after = toPredefinedAnswer(created);
          return created;
        }),
      );
      forgetPredefinedAnswers(ctx.db);
      return reply.status(201).send(toPredefinedAnswer(row));
    },
  );

  api.patch(
    `${base}/:id`,
    {
      config: { access: 'admin' },
      schema: {
        params: PredefinedAnswerParamsSchema,
        body: PredefinedAnswerPatchSchema,
        response: { 200: PredefinedAnswerSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const row = await keywordUnique(
        withAudit(
          ctx.db,
          auditActor(request),
          'predefined_answer.update',
          target(id),
          async (tx, record) => {
            const before = await findPredefinedAnswer(tx, id);
            if (!before) throw notFound(NOT_FOUND);
            const updated = (await updatePredefinedAnswer(tx, id, toValues(request.body)))!;
            record.before = toPredefinedAnswer(before);
            record.after = toPredefinedAnswer(updated);
            return updated;
          },
        ),
      );
      forgetPredefinedAnswers(ctx.db);
      return toPredefinedAnswer(row);
    },
  );

  api.delete(
    `${base}/:id`,
    {
      config: { access: 'admin' },
      schema: { params: PredefinedAnswerParamsSchema, response: { 204: NoContentSchema } },
    },
    async (request, reply) => {
      const { id } = request.params;
      await withAudit(
        ctx.db,
        auditActor(request),
        'predefined_answer.delete',
        target(id),
        async (tx, record) => {
          const deleted = await deletePredefinedAnswer(tx, id);
          if (!deleted) throw notFound(NOT_FOUND);
          record.before = toPredefinedAnswer(deleted);
        },
      );
      forgetPredefinedAnswers(ctx.db);
      return reply.status(204).send();
    },
  );

  api.post(
    `${base}/try`,
    {
      config: { access: 'admin' },
      schema: { body: PredefinedTrySchema, response: { 200: PredefinedTryResultSchema } },
    },
    async (request) => {
      // The table as it is now, not the chat's few-seconds cache: the administrator just edited it.
      const row = findPredefinedMatch(
        await findActivePredefinedAnswers(ctx.db),
        request.body.message,
      );
      return {
        match: row
          ? { id: row.id, keyword: row.keyword, answer: answerIn(row, request.body.language) }
          : null,
      };
    },
  );
}
