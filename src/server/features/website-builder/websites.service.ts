import { z } from 'zod';
import { decodeCursor, toPage } from '#server/http/cursor.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { requireOwnRow, requireReadableRow } from '#server/ports/ownership.ts';
import type { Page } from '#shared/api/pagination.ts';
import {
  WEBSITE_BUILDER_MESSAGES as M,
  type UpdateWebsite,
  type Website,
  type WebsiteDetail,
  type WebsiteListQuery,
} from '#shared/codehub/website-builder-schemas.ts';
import { notFound } from '#shared/errors/app-error.ts';
import { screenshotPath } from './website-builder.service.ts';
import * as q from './website-builder.queries.ts';

/** Built sites once stored: my sites, the public gallery, one site, its changes and its picture. */

const CursorSchema = z.object({ createdAt: z.iso.datetime(), projectId: z.uuid() });

function toWebsite(row: q.SiteRow, userId: number): Website {
  return {
    projectId: row.projectId,
    name: row.name,
    description: row.description,
    tags: row.tags,
    isPublic: row.isPublic,
    viewCount: row.viewCount,
    screenshotUrl: row.hasScreenshot ? screenshotPath(row.projectId) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    owner: { id: row.userId, name: row.ownerName },
    isOwner: row.userId === userId,
  };
}

export async function listSites(
  ctx: AppContext,
  userId: number,
  query: WebsiteListQuery,
): Promise<Page<Website>> {
  const cursor = query.cursor ? decodeCursor(query.cursor, CursorSchema) : null;
  const rows = await q.listSites(
    ctx.db,
    { scope: query.scope, userId, order: query.order, limit: query.limit },
    cursor ? { createdAt: new Date(cursor.createdAt), projectId: cursor.projectId } : null,
  );
  return toPage(
    rows,
    query.limit,
    (row) => toWebsite(row, userId),
    (row) => ({ createdAt: row.createdAt.toISOString(), projectId: row.projectId }),
  );
}

/** A site the user may read: their own or a public one; anything else is 404. */
export async function readableSite(ctx: AppContext, userId: number, projectId: string) {
  return requireReadableRow(await q.findSite(ctx.db, projectId), userId, M.notFound);
}

/** A site the user may change: only their own; someone else's is 404, public or not. */
async function ownSite(ctx: AppContext, userId: number, projectId: string) {
  return requireOwnRow(await q.findSite(ctx.db, projectId), userId, M.notFound);
}

export async function getSite(
  ctx: AppContext,
  userId: number,
  projectId: string,
): Promise<WebsiteDetail> {
  const row = await readableSite(ctx, userId, projectId);
  if (row.userId !== userId) {
    await q.incrementViews(ctx.db, projectId);
    row.viewCount += 1;
  }
  return { ...toWebsite(row, userId), html: row.html };
}

export async function updateSite(
  ctx: AppContext,
  userId: number,
  projectId: string,
  changes: UpdateWebsite,
): Promise<WebsiteDetail> {
  await ownSite(ctx, userId, projectId);
  await q.updateSite(ctx.db, projectId, changes);
  const row = await ownSite(ctx, userId, projectId);
  return { ...toWebsite(row, userId), html: row.html };
}

export async function deleteSite(ctx: AppContext, userId: number, projectId: string) {
  await ownSite(ctx, userId, projectId);
  await q.deleteSite(ctx.db, projectId);
}

export async function readScreenshot(ctx: AppContext, userId: number, projectId: string) {
  const row = await q.findScreenshot(ctx.db, projectId);
  if (!row || (row.userId !== userId && !row.isPublic) || !row.screenshot) {
    throw notFound(M.notFound);
  }
  return row.screenshot;
}
