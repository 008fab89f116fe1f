import { z } from 'zod';
import { ErrorEnvelopeSchema } from '#shared/errors/app-error.ts';
import { PersonaRefSchema } from '#shared/settings/settings-schemas.ts';
import { RowIdSchema, textSchema } from '#shared/validation/database-input.ts';
import { MAX_FILES_PER_MESSAGE } from './chat-limits.ts';

/** Longest message text accepted (the JSON body limit is 1 MB). */
export const MAX_MESSAGE_CHARS = 100_000;

const IdSchema = z.union([
  RowIdSchema,
  textSchema()
    .regex(/^\d{1,9}$/)
    .transform(Number),
]);

/** A conversation's random URL-safe id as it appears in routes (spec 01-core §3). */
export const ConversationIdSchema = textSchema().trim().min(1).max(128);

const MessageTextSchema = textSchema({ error: 'Message must be text' }).max(
  MAX_MESSAGE_CHARS,
  `Message is too long (at most ${MAX_MESSAGE_CHARS} characters)`,
);

const ReplyOptions = {
  /** A product model id; default: the user's settings (aiModel). */
  model: textSchema().trim().min(1).max(100).optional(),
  personaId: PersonaRefSchema.optional(),
};

/**
 * POST /api/chat (spec 01-core §7). conversationId empty, null or absent starts a new chat.
 * chatHistory and userId are what older clients send: accepted, never used (the server builds
 * the context from stored messages and the session).
 */
export const ChatRequestSchema = z
  .object({
    message: MessageTextSchema.default(''),
    conversationId: textSchema().trim().max(128).nullish(),
    fileIds: z.array(IdSchema).max(MAX_FILES_PER_MESSAGE).optional(),
    chatHistory: z.array(z.unknown()).optional(),
    userId: z.unknown().optional(),
    ...ReplyOptions,
  })
  // Spec 01-core §5: empty or whitespace-only text without a file cannot be sent.
  .refine((body) => body.message.trim() !== '' || (body.fileIds?.length ?? 0) > 0, {
    message: 'Message must not be empty',
    path: ['message'],
  });
export type ChatRequest = z.output<typeof ChatRequestSchema>;
/** What a client sends to POST /api/chat. */
export type ChatRequestInput = z.input<typeof ChatRequestSchema>;

/** POST /api/chat/edit: truncate from the edited user message and resend the new text. */
export const EditRequestSchema = z.object({
  messageId: IdSchema,
  message: MessageTextSchema.trim().min(1, 'Edited text must not be empty'),
  /** Files of the new message; default: the edited message's files. */
  fileIds: z.array(IdSchema).max(MAX_FILES_PER_MESSAGE).optional(),
  ...ReplyOptions,
});
export type EditRequest = z.output<typeof EditRequestSchema>;
export type EditRequestInput = z.input<typeof EditRequestSchema>;

/**
 * POST /api/chat/regenerate: replace an assistant reply (messageId) by answering the nearest
 * earlier user message again; or, with only conversationId, answer a last user message whose
 * reply failed (retry without sending the text twice).
 */
export const RegenerateRequestSchema = z
  .object({
    messageId: IdSchema.optional(),
    conversationId: ConversationIdSchema.optional(),
    ...ReplyOptions,
  })
  .refine((body) => body.messageId !== undefined || body.conversationId !== undefined, {
    message: 'Give the messageId of the reply to regenerate',
    path: ['messageId'],
  });
export type RegenerateRequest = z.output<typeof RegenerateRequestSchema>;
export type RegenerateRequestInput = z.input<typeof RegenerateRequestSchema>;

export const StopRequestSchema = z.object({ conversationId: ConversationIdSchema });
export type StopRequest = z.input<typeof StopRequestSchema>;
/** GET /api/chat/stream/:conversationId: re-attach to a reply in progress. */
export const ChatStreamParamsSchema = z.object({ conversationId: ConversationIdSchema });

export const MessageStatusSchema = z.enum(['complete', 'stopped']);
export const FeedbackValueSchema = z.enum(['positive', 'negative']);

/** Attached file as the client shows it (spec 01-core §3: type, size, name). */
export const MessageAttachmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
});

/** A stored message (spec 01-core §3) with status, model, feedback and attachments. */
export const MessageSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  isUserMessage: z.boolean(),
  timestamp: z.iso.datetime(),
  conversationId: z.string(),
  status: MessageStatusSchema,
  /** The model id that wrote an assistant reply ('offline', 'predefined' or a catalogue id). */
  model: z.string().nullable(),
  feedback: FeedbackValueSchema.nullable(),
  attachments: z.array(MessageAttachmentSchema),
});
export type Message = z.infer<typeof MessageSchema>;
export const MessageListSchema = z.array(MessageSchema);

/** The JSON answer of POST /api/chat, and the data of the SSE `done` event. */
export const ChatReplySchema = z.object({
  message: z.object({
    id: z.number().int(),
    content: z.string(),
    timestamp: z.iso.datetime(),
    status: MessageStatusSchema,
    model: z.string(),
  }),
  conversationId: z.string(),
  userMessageId: z.number().int(),
});
export type ChatReply = z.infer<typeof ChatReplySchema>;

/** SSE events of a streamed reply; the event names are a contract. */
export const StreamStartSchema = z.object({
  conversationId: z.string(),
  userMessageId: z.number().int(),
  assistantMessageId: z.number().int(),
  model: z.string(),
});
export const StreamDeltaSchema = z.object({ text: z.string() });
export const StreamEventSchemas = {
  start: StreamStartSchema,
  delta: StreamDeltaSchema,
  done: ChatReplySchema,
  error: ErrorEnvelopeSchema,
} as const;
export type StreamEventName = keyof typeof StreamEventSchemas;
export type StreamStart = z.infer<typeof StreamStartSchema>;
export type StreamDelta = z.infer<typeof StreamDeltaSchema>;

const streamEvent = <Name extends StreamEventName>(event: Name) =>
  z.object({
    /** `<generation>-<sequence>`: what a client sends back as Last-Event-ID to resume. */
    id: z.string(),
    event: z.literal(event),
    data: StreamEventSchemas[event],
  });

/**
 * One message of a reply's event stream (`Accept: text/event-stream`), written as the lines
 * `id:`, `event:` and `data:` (the JSON below). A stream is `start`, any number of `delta`, then
 * `done` or `error`; `retry:` and `: ping` comment lines may come in between. Documents the
 * stream only: the server writes it itself.
 */
export const ChatStreamEventSchema = z
  .discriminatedUnion('event', [
    streamEvent('start'),
    streamEvent('delta'),
    streamEvent('done'),
    streamEvent('error'),
  ])
  .meta({
    description:
      'Server-Sent Events: each message has `id:` (send it back as Last-Event-ID), `event:` ' +
      '(start, delta, done or error) and `data:` (this JSON). start → delta… → done | error.',
  });
export type ChatStreamEvent = z.infer<typeof ChatStreamEventSchema>;

export const StopResponseSchema = z.object({
  stopped: z.boolean(),
  /** The partial reply as stored, when one was kept. */
  message: ChatReplySchema.shape.message.nullable(),
});
export type StopResponse = z.infer<typeof StopResponseSchema>;
