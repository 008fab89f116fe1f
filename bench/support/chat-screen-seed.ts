/**
 * Data of the chat-screen benchmark, written through the server's own database layer (Drizzle
 * schema): one user with `conversationCount` conversations, the newest holding `messageCount`
 * messages of realistic length (every tenth reply with a list and a code block).
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '#server/db/client.ts';
import { conversations, messages } from '#server/db/schema/chat.ts';

const CHUNK = 1000;

const FILLER =
  'Orbit erklärt das gern ausführlich, mit Beispielen aus dem Alltag und einer kurzen Zusammenfassung am Ende.';

function replyText(index: number) {
  const body = `Antwort ${index}: ${FILLER} ${FILLER.slice(0, (index * 37) % FILLER.length)}`;
  if (index % 10 !== 0) return body;
  return `${body}\n\n- Punkt eins\n- Punkt zwei\n\n\`\`\`ts\nconst antwort = ${index};\nconsole.log(antwort);\n\`\`\``;
}

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await insert(rows.slice(start, start + CHUNK));
  }
}

/** A conversation id as the server makes them (random, URL-safe). */
const newConversationId = () => randomBytes(12).toString('base64url');

export async function seedChatScreen(
  db: Database,
  userId: number,
  input: { conversationCount: number; messageCount: number; smallMessageCount: number },
) {
  const now = Date.now();
  const start = new Date(now - 86_400_000);
  // Older conversations first; the two measured ones are the most recent (top of the sidebar).
  const filler = Array.from({ length: input.conversationCount - 2 }, (_, index) => {
    const at = new Date(start.getTime() - (index + 1) * 60_000);
    return {
      userId,
      conversationId: newConversationId(),
      title: `Gespräch ${index + 1}`,
      timestamp: at,
      createdAt: at,
      updatedAt: at,
    };
  });
  await insertInChunks(filler, (chunk) => db.insert(conversations).values(chunk));

  const seedConversation = async (title: string, count: number, updatedAt: Date) => {
    const conversationId = newConversationId();
    await db.insert(conversations).values({
      userId,
      conversationId,
      title,
      timestamp: start,
      createdAt: start,
      updatedAt,
    });
    const rows = Array.from({ length: count }, (_, index) => ({
      userId,
      conversationId,
      content:
        index % 2 === 0 ? `Frage ${index + 1}: Wie funktioniert das genau?` : replyText(index + 1),
      isUserMessage: index % 2 === 0,
      timestamp: new Date(start.getTime() + index * 1000),
      model: index % 2 === 0 ? null : 'gpt-4o',
    }));
    await insertInChunks(rows, (chunk) => db.insert(messages).values(chunk));
    return { conversationId, lastContent: rows.at(-1)!.content, firstContent: rows[0]!.content };
  };

  const small = await seedConversation(
    'Kurzes Gespräch',
    input.smallMessageCount,
    new Date(now - 1000),
  );
  const large = await seedConversation('Langes Gespräch', input.messageCount, new Date(now));
  return { small, large };
}
