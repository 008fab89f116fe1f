/**
 * Topic names of the realtime layer, in one place so no two features pick the same one. The code
 * hub (`codehub:{sessionId}`) and the omnichannel inbox (`inbox:{brandId}`) add theirs here.
 */

/** A conversation's reply being written: its events, for every instance that serves a reader. */
export const chatTopic = (conversationId: string) => `chat:${conversationId}`;

/**
 * A live coding session: Yjs updates and awareness relayed between instances, role changes,
 * its end (features/codehub/live-hub.ts, live-room.ts).
 */
export const codehubTopic = (sessionId: string) => `codehub:${sessionId}`;

/** Commands addressed to one server instance (stop or cancel a reply it is writing). */
export const instanceTopic = (instanceId: string) => `instance:${instanceId}`;

/** An administrator changed the app settings: every instance reloads them (app-settings). */
export const APP_SETTINGS_TOPIC = 'app-settings';

/** An administrator changed a provider key or endpoint: every instance reloads them. */
export const PROVIDER_CREDENTIALS_TOPIC = 'provider-credentials';

/** An administrator changed the model catalogue: every instance drops its cached copy. */
export const MODEL_CATALOGUE_TOPIC = 'model-catalogue';

/** Sessions ended by an administrator (revoke, suspend, delete): every instance closes their streams. */
export const SESSIONS_ENDED_TOPIC = 'sessions-ended';

/** A brand's inbox changed (a message arrived, was answered, assigned…): admins' streams reload it. */
export const inboxTopic = (brandId: string) => `inbox:${brandId}`;

/** Replies for one visitor of a website widget channel, live to their open widget. */
export const widgetTopic = (channelId: string, visitor: string) => `widget:${channelId}:${visitor}`;
