import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor, withAudit } from '#server/audit/audit.ts';
import { decodeCursor, toPage } from '#server/http/cursor.ts';
import type { AppContext } from '#server/http/request-context.ts';
import type { Secrets } from '#server/secrets/secrets.ts';
import { NoContentSchema } from '#shared/api/api-schemas.ts';
import { notFound } from '#shared/errors/app-error.ts';
import {
  BrandInputSchema,
  BrandListSchema,
  BrandParamsSchema,
  BrandPatchSchema,
  BrandSchema,
} from '#shared/omnichannel/brand-schemas.ts';
import {
  ChannelInputSchema,
  ChannelListSchema,
  ChannelParamsSchema,
  ChannelPatchSchema,
  ChannelSchema,
  ChannelTypeSchema,
} from '#shared/omnichannel/channel-schemas.ts';
import { MessagePageSchema, MessageQuerySchema } from '#shared/omnichannel/inbox-schemas.ts';
import { registerBrandResource, requireBrand } from './brand-resource-routes.ts';
import {
  sealSecrets,
  toBrand,
  toBrandValues,
  toChannel,
  toMessage,
} from './omnichannel-mapping.ts';
import {
  deleteBrand,
  deleteChannel,
  findBrand,
  findChannel,
  insertBrand,
  insertChannel,
  listBrands,
  listChannels,
  listMessages,
  updateBrand,
  updateChannel,
} from './omnichannel.queries.ts';

const BRAND_NOT_FOUND = 'Brand not found';
const CursorKeySchema = z.number().int();

/** Brands, channels and the latest messages: administrators only (spec 02 §2, issue 14). */
export function registerOmnichannelAdminRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  secrets: Secrets,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const brandsPath = '/api/omnichannel/brands';
  const brandPath = `${brandsPath}/:brandId`;
  const admin = { access: 'admin' as const };
  const brandTarget = (id: string | null) => ({ type: 'brand', id });

  api.get(
    brandsPath,
    { config: admin, schema: { response: { 200: BrandListSchema } } },
    async () => ({ items: (await listBrands(ctx.db)).map(toBrand) }),
  );

  api.post(
    brandsPath,
    { config: admin, schema: { body: BrandInputSchema, response: { 201: BrandSchema } } },
    async (request, reply) => {
      const brand = await withAudit(
        ctx.db,
        auditActor(request),
        'brand.create',
        brandTarget(null),
        async (tx, record) => {
          const created = toBrand(await insertBrand(tx, request.body));
          record.targetId = created.brandId;
          record.after = created;
          return created;
        },
      );
      return reply.status(201).send(brand);
    },
  );

  api.get(
    brandPath,
    { config: admin, schema: { params: BrandParamsSchema, response: { 200: BrandSchema } } },
    async (request) => {
      const row = await findBrand(ctx.db, request.params.brandId);
      if (!row) throw notFound(BRAND_NOT_FOUND);
      return toBrand(row);
    },
  );

  api.patch(
    brandPath,
    {
      config: admin,
      schema: { params: BrandParamsSchema, body: BrandPatchSchema, response: { 200: BrandSchema } },
    },
    async (request) => {
      const { brandId } = request.params;
      return withAudit(
        ctx.db,
        auditActor(request),
        'brand.update',
        brandTarget(brandId),
        async (tx, record) => {
          const before = await findBrand(tx, brandId);
          if (!before) throw notFound(BRAND_NOT_FOUND);
          const after = toBrand((await updateBrand(tx, brandId, toBrandValues(request.body)))!);
          record.before = toBrand(before);
          record.after = after;
          return after;
        },
      );
    },
  );

  api.delete(
    brandPath,
    { config: admin, schema: { params: BrandParamsSchema, response: { 204: NoContentSchema } } },
    async (request, reply) => {
      const { brandId } = request.params;
      await withAudit(
        ctx.db,
        auditActor(request),
        'brand.delete',
        brandTarget(brandId),
        async (tx, record) => {
          const channels = await listChannels(tx, brandId);
          const deleted = await deleteBrand(tx, brandId);
          if (!deleted) throw notFound(BRAND_NOT_FOUND);
          record.before = { ...toBrand(deleted), channels: channels.map(toChannel) };
        },
      );
      return reply.status(204).send();
    },
  );

  registerBrandResource(app, ctx, {
    path: 'channels',
    idParam: 'channelId',
    itemParams: ChannelParamsSchema,
    auditType: 'channel',
    notFoundMessage: 'Channel not found',
    schemas: {
      item: ChannelSchema,
      list: ChannelListSchema,
      input: ChannelInputSchema,
      patch: ChannelPatchSchema,
    },
    toItem: toChannel,
    itemId: (channel) => channel.channelId,
    list: (db, brandId) => listChannels(db, brandId),
    insert: (tx, { secrets: secretInput, ...input }, { brandId }) => {
      // The id is chosen first: each secret is sealed under its channel's id.
      const id = crypto.randomUUID();
      return insertChannel(tx, {
        ...input,
        id,
        brandId,
        secrets: sealSecrets(secrets, input.channelType, id, {}, secretInput),
      });
    },
    find: findChannel,
    update: (tx, brandId, channelId, { secrets: secretInput, ...change }, before) =>
      updateChannel(tx, brandId, channelId, {
        ...change,
        secrets: sealSecrets(
          secrets,
          ChannelTypeSchema.parse(before.channelType),
          channelId,
          before.secrets,
          secretInput ?? {},
        ),
      }),
    remove: deleteChannel,
  });

  api.get(
    `${brandPath}/messages`,
    {
      config: admin,
      schema: {
        params: BrandParamsSchema,
        querystring: MessageQuerySchema,
        response: { 200: MessagePageSchema },
      },
    },
    async (request) => {
      const { brandId } = request.params;
      const { cursor, limit } = request.query;
      await requireBrand(ctx.db, brandId);
      const after = cursor ? decodeCursor(cursor, CursorKeySchema) : null;
      const rows = await listMessages(ctx.db, brandId, limit, after);
      return toPage(rows, limit, toMessage, (row) => row.id);
    },
  );
}
