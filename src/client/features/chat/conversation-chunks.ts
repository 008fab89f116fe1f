/**
 * The chunks an open conversation shows its messages with: the short list (message-list.tsx)
 * and the markdown renderer. Opening the app on `/chat/{id}` starts them beside the chat page's
 * own chunk (routes.tsx), instead of after the messages arrive.
 */
export const loadConversationChunks = () =>
  Promise.all([import('./plain-message-list.tsx'), import('./markdown-content.tsx')]);
