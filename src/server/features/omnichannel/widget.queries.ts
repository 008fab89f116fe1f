import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { omnichannelMessages as m } from '#server/db/schema/omnichannel.ts';
import { threadKeyOf } from './omnichannel.queries.ts';

/**
 * The newest `limit` messages a widget visitor may see of their thread, oldest first: all they
 * sent, and the replies queued or sent to them (never a copilot draft or a failed delivery).
 */
export async function listVisitorThread(
  db: Executor,
  channelId: string,
  visitor: string,
  limit: number,
) {
  const rows = await db
    .select({
      messageId: m.messageId,
      channelType: m.channelType,
      channelId: m.channelId,
      direction: m.direction,
      content: m.content,
      createdAt: m.createdAt,
    })
    .from(m)
    .where(
      and(
        eq(m.threadKey, threadKeyOf(channelId, visitor)),
        or(eq(m.direction, 'inbound'), inArray(m.status, ['queued', 'sent'])),
      ),
    )
    .orderBy(desc(m.id))
    .limit(limit);
  return rows.reverse();
}
