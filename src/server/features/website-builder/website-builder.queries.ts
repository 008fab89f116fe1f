import { and, asc, desc, eq, gt, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { settings } from '#server/db/schema/settings.ts';
import { users } from '#server/db/schema/users.ts';
import { websiteProjects } from '#server/db/schema/website-builder.ts';

/** Lists never read the page or the picture: only whether a picture exists. */
const siteColumns = {
  projectId: websiteProjects.projectId,
  userId: websiteProjects.userId,
  name: websiteProjects.name,
  description: websiteProjects.description,
  tags: websiteProjects.tags,
  isPublic: websiteProjects.isPublic,
  viewCount: websiteProjects.viewCount,
  hasScreenshot: sql<boolean>`${isNotNull(websiteProjects.screenshot)}`,
  createdAt: websiteProjects.createdAt,
  updatedAt: websiteProjects.updatedAt,
  ownerName: sql<string>`coalesce(${users.displayName}, ${users.username})`,
};

export interface SiteCursor {
  createdAt: Date;
  projectId: string;
}

export async function insertSite(db: Executor, row: typeof websiteProjects.$inferInsert) {
  const [inserted] = await db
    .insert(websiteProjects)
    .values(row)
    .returning({ projectId: websiteProjects.projectId });
  return inserted!.projectId;
}

export async function listSites(
  db: Executor,
  filter: { scope: 'mine' | 'public'; userId: number; order: 'asc' | 'desc'; limit: number },
  after: SiteCursor | null,
) {
  const conditions: SQL[] = [
    filter.scope === 'mine'
      ? eq(websiteProjects.userId, filter.userId)
      : eq(websiteProjects.isPublic, true),
  ];
  if (after) {
    const beyond = filter.order === 'desc' ? lt : gt;
    conditions.push(
      or(
        beyond(websiteProjects.createdAt, after.createdAt),
        and(
          eq(websiteProjects.createdAt, after.createdAt),
          beyond(websiteProjects.projectId, after.projectId),
        ),
      )!,
    );
  }
  const direction = filter.order === 'desc' ? desc : asc;
  return db
    .select(siteColumns)
    .from(websiteProjects)
    .innerJoin(users, eq(users.id, websiteProjects.userId))
    .where(and(...conditions))
    .orderBy(direction(websiteProjects.createdAt), direction(websiteProjects.projectId))
    .limit(filter.limit + 1);
}

export async function findSite(db: Executor, projectId: string) {
  const [row] = await db
    .select({ ...siteColumns, html: websiteProjects.htmlContent })
    .from(websiteProjects)
    .innerJoin(users, eq(users.id, websiteProjects.userId))
    .where(eq(websiteProjects.projectId, projectId))
    .limit(1);
  return row;
}

export type SiteRow = Omit<NonNullable<Awaited<ReturnType<typeof findSite>>>, 'html'>;

export async function findScreenshot(db: Executor, projectId: string) {
  const [row] = await db
    .select({
      userId: websiteProjects.userId,
      isPublic: websiteProjects.isPublic,
      screenshot: websiteProjects.screenshot,
    })
    .from(websiteProjects)
    .where(eq(websiteProjects.projectId, projectId))
    .limit(1);
  return row;
}

export async function updateSite(
  db: Executor,
  projectId: string,
  changes: Partial<Pick<typeof websiteProjects.$inferInsert, 'name' | 'description' | 'isPublic'>>,
) {
  await db
    .update(websiteProjects)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(websiteProjects.projectId, projectId));
}

export async function incrementViews(db: Executor, projectId: string) {
  await db
    .update(websiteProjects)
    .set({ viewCount: sql`${websiteProjects.viewCount} + 1` })
    .where(eq(websiteProjects.projectId, projectId));
}

export async function deleteSite(db: Executor, projectId: string) {
  await db.delete(websiteProjects).where(eq(websiteProjects.projectId, projectId));
}

/** The user's interface language (settings), for the offline template's words. */
export async function findUserLanguage(db: Executor, userId: number) {
  const [row] = await db
    .select({ language: settings.language })
    .from(settings)
    .where(eq(settings.userId, userId))
    .limit(1);
  return row?.language;
}
