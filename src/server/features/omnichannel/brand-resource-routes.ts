import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { auditActor, withAudit } from '#server/audit/audit.ts';
import type { Executor, Transaction } from '#server/db/client.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { NoContentSchema } from '#shared/api/api-schemas.ts';
import { notFound } from '#shared/errors/app-error.ts';
import { BrandParamsSchema } from '#shared/omnichannel/brand-schemas.ts';
import { findBrand } from './omnichannel.queries.ts';

/** The brand a path or query names exists; otherwise a 404. */
export async function requireBrand(db: Executor, brandId: string) {
  if (!(await findBrand(db, brandId))) throw notFound('Brand not found');
}

/** One kind of object a brand owns, administered by list, create, patch and delete. */
export interface BrandResource<Row, Item, Input, Patch, Query, IdKey extends string, Id> {
  /** The path under the brand: `acl-policies` → /api/omnichannel/brands/:brandId/acl-policies. */
  path: string;
  /** The item's path parameter (`id`, `templateId`) and the schema of both parameters. */
  idParam: IdKey;
  itemParams: z.ZodType<{ brandId: string } & Record<IdKey, Id>>;
  /** The audit target's type, which also names the actions: `acl_policy.create` … */
  auditType: string;
  /** The 404's message for an id that is not the brand's. */
  notFoundMessage: string;
  schemas: {
    item: z.ZodType<Item>;
    list: z.ZodType<{ items: Item[] }>;
    input: z.ZodType<Input>;
    patch: z.ZodType<Patch>;
    listQuery?: z.ZodType<Query>;
  };
  toItem: (row: Row) => Item;
  itemId: (item: Item) => Id;
  list: (db: Executor, brandId: string, query: Query) => Promise<Row[]>;
  insert: (
    tx: Transaction,
    input: Input,
    owner: { brandId: string; userId: number },
  ) => Promise<Row>;
  /** Rejects a patch that would leave the object invalid (a 400), given the patched object. */
  checkPatched?: (patched: Item & Patch) => void;
  find: (tx: Transaction, brandId: string, id: Id) => Promise<Row | undefined>;
  update: (
    tx: Transaction,
    brandId: string,
    id: Id,
    patch: Patch,
    before: Row,
  ) => Promise<Row | undefined>;
  remove: (tx: Transaction, brandId: string, id: Id) => Promise<Row | undefined>;
}

/**
 * Registers the four routes of a brand's objects: administrators only, another brand's object is
 * a 404, every change audited with its state before and after (decision 120).
 */
export function registerBrandResource<Row, Item, Input, Patch, Query, IdKey extends string, Id>(
  app: FastifyInstance,
  ctx: AppContext,
  resource: BrandResource<Row, Item, Input, Patch, Query, IdKey, Id>,
) {
  const admin = { access: 'admin' as const };
  const { schemas, toItem, notFoundMessage } = resource;
  const listPath = `/api/omnichannel/brands/:brandId/${resource.path}`;
  const itemPath = `${listPath}/:${resource.idParam}`;
  const action = (verb: string) => `${resource.auditType}.${verb}`;
  const target = (id: Id | null) => ({
    type: resource.auditType,
    id: id === null ? null : String(id),
  });
  // The schemas below validated these (the type provider cannot follow generic schemas).
  const brandOf = (request: FastifyRequest) => (request.params as { brandId: string }).brandId;
  const itemOf = (request: FastifyRequest) => {
    const params = request.params as { brandId: string } & Record<IdKey, Id>;
    return { brandId: params.brandId, id: params[resource.idParam] };
  };

  app.get(
    listPath,
    {
      config: admin,
      schema: {
        params: BrandParamsSchema,
        ...(schemas.listQuery ? { querystring: schemas.listQuery } : {}),
        response: { 200: schemas.list },
      },
    },
    async (request) => {
      const brandId = brandOf(request);
      await requireBrand(ctx.db, brandId);
      return { items: (await resource.list(ctx.db, brandId, request.query as Query)).map(toItem) };
    },
  );

  app.post(
    listPath,
    {
      config: admin,
      schema: { params: BrandParamsSchema, body: schemas.input, response: { 201: schemas.item } },
    },
    async (request, reply) => {
      const actor = auditActor(request);
      const brandId = brandOf(request);
      const created = await withAudit(
        ctx.db,
        actor,
        action('create'),
        target(null),
        async (tx, record) => {
          await requireBrand(tx, brandId);
          const item = toItem(
            await resource.insert(tx, request.body as Input, { brandId, userId: actor.userId }),
          );
          record.targetId = String(resource.itemId(item));
          record.after = item;
          return item;
        },
      );
      return reply.status(201).send(created);
    },
  );

  app.patch(
    itemPath,
    {
      config: admin,
      schema: {
        params: resource.itemParams,
        body: schemas.patch,
        response: { 200: schemas.item },
      },
    },
    async (request) => {
      const { brandId, id } = itemOf(request);
      return withAudit(
        ctx.db,
        auditActor(request),
        action('update'),
        target(id),
        async (tx, record) => {
          const before = await resource.find(tx, brandId, id);
          if (!before) throw notFound(notFoundMessage);
          const patch = request.body as Patch;
          resource.checkPatched?.({ ...toItem(before), ...patch });
          const after = toItem((await resource.update(tx, brandId, id, patch, before))!);
          record.before = toItem(before);
          record.after = after;
          return after;
        },
      );
    },
  );

  app.delete(
    itemPath,
    {
      config: admin,
      schema: { params: resource.itemParams, response: { 204: NoContentSchema } },
    },
    async (request, reply) => {
      const { brandId, id } = itemOf(request);
      await withAudit(
        ctx.db,
        auditActor(request),
        action('delete'),
        target(id),
        async (tx, record) => {
          const deleted = await resource.remove(tx, brandId, id);
          if (!deleted) throw notFound(notFoundMessage);
          record.before = toItem(deleted);
        },
      );
      return reply.status(204).send();
    },
  );
}
