import { buildContext, type ChatContext } from './chat-context.ts';
import type { ChatEngine, ChatUser, Turn } from './chat.service.ts';
import { provisionalTitle } from './chat-title.ts';
import type { Admission } from './turn-admission.ts';
import { replaceTitle, storeTurn } from './turn.queries.ts';
import type { UndoList } from './undo-list.ts';

export interface StoredTurn {
  userMessageId: number;
  /** Reserved from the messages sequence, so `start` can name the reply before it is written. */
  replyId: number;
  /**
   * Files of the messages an edit or a regenerate replaced go with them, as with a deleted
   * conversation, unless this turn (or another message) links them again: once the provider
   * request has gone out, or when the turn fails.
   */
  discardDropped: () => Promise<void>;
}

/**
 * The user side of an admitted turn: a send's message is already stored (admitTurn); an edit
 * stores its new text and links its files after deleting from the edited message on, a
 * regenerate only deletes from the replaced reply on. That truncation cannot be taken back, so
 * from here on an edit's or a regenerate's messages stay whatever fails (decision 314); only
 * the replaced messages' files go on `undo`.
 */
export async function storeUserTurn(
  engine: ChatEngine,
  user: ChatUser,
  turn: Turn,
  admission: Admission,
  undo: UndoList,
): Promise<StoredTurn> {
  const { db } = engine;
  const { conversationId } = turn;
  if (turn.kind === 'send') {
    return { ...admission.sent!, discardDropped: async () => {} };
  }
  const { userMessageId, replyId, droppedFileIds } = await storeTurn(db, {
    conversationId,
    userId: user.id,
    content: turn.text,
    fileIds: turn.fileIds,
    replaceFromId: turn.kind === 'edit' ? turn.replaceFromId : undefined,
    answerUserMessageId: turn.kind === 'regenerate' ? turn.userMessageId : undefined,
  });
  const discardDropped = async () => {
    if (droppedFileIds.length === 0) return;
    await engine.attachments
      .discardUnlinked({ userId: user.id, fileIds: droppedFileIds })
      .catch((error: unknown) =>
        engine.log.warn({ err: error }, 'discarding replaced files failed'),
      );
  };
  // The new message already links the files it sends again, so only the others go.
  undo.add(discardDropped);
  return { userMessageId, replyId, discardDropped };
}

/**
 * Reads the turn's files into the context and links them to the user message (an edit's are
 * linked already). Refused files refuse a send; an edit or a regenerate checked them before
 * replacing messages, so only a file deleted or unreadable in between gets here, and fails its
 * reply instead (startTurn). A new chat begun with files only is named after the first file.
 */
export async function attachTurnFiles(
  engine: ChatEngine,
  user: ChatUser,
  turn: Turn,
  admission: Admission,
  userMessageId: number,
): Promise<{ context: ChatContext; title: string | null }> {
  const { conversationId, fileIds } = turn;
  let { context, title } = admission;
  if (fileIds.length === 0) return { context, title };
  const attachments = await engine.attachments.readForChat({
    userId: user.id,
    tier: admission.tier,
    fileIds,
    conversationId,
    messageId: userMessageId,
  });
  context = buildContext({ ...admission.contextInput, attachments });
  if (turn.kind === 'send' && turn.isNew && title === null && attachments[0]) {
    title = provisionalTitle('', [attachments[0].name]);
    await replaceTitle(engine.db, { conversationId, provisional: null, title });
  }
  return { context, title };
}
