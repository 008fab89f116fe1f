/** The short message list (message-list.tsx; the long one is virtualized, a chunk of its own). */
export const loadPlainList = () => import('./plain-message-list.tsx');

/**
 * The chunks an open conversation shows its messages with: the short list and the markdown
 * renderer (message-bubble.tsx). Opening the app on `/chat/{id}` starts them beside the chat
 * page's own chunk (routes.tsx), instead of after the messages arrive.
 */
export const loadConversationChunks = () =>
  Promise.all([loadPlainList(), import('./markdown-content.tsx')]);
