import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { LIVE_CLOSE } from '#shared/codehub/live-schemas.ts';
import { colourIndex } from './remote-selections.ts';
import { sessionQueryOptions } from './live-api.ts';

export type LiveStatus =
  'connecting' | 'connected' | 'disconnected' | 'ended' | 'loggedOut' | 'tooLarge';

export interface LiveDoc {
  doc: Y.Doc;
  provider: WebsocketProvider;
}

/** The newest revision the server put in its awareness state (decision 231). */
function serverRevision(provider: WebsocketProvider) {
  let newest = 0;
  for (const state of provider.awareness.getStates().values()) {
    const rev = (state as { orbit?: { rev?: unknown } }).orbit?.rev;
    if (typeof rev === 'number' && rev > newest) newest = rev;
  }
  return newest;
}

/**
 * The session's shared document over the y-websocket protocol, for as long as the page shows it.
 * Our name and colour go into the awareness (others' editors show our cursor with them); a new
 * server revision there makes the session's details (roles, participants, runs) load again.
 */
export function useLiveDoc(sessionId: string, me: { id: number; name: string } | null) {
  // The connection lives as long as these values do, not an object holding them: a new object
  // with the same user (a refetch, a runtime that re-renders differently) must not reconnect.
  const myId = me?.id ?? null;
  const myName = me?.name ?? null;
  const queryClient = useQueryClient();
  const [live, setLive] = useState<LiveDoc | null>(null);
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    if (myId === null || myName === null) return;
    const doc = new Y.Doc();
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const provider = new WebsocketProvider(
      `${scheme}://${window.location.host}/api/codehub/live`,
      sessionId,
      doc,
      // Only the server relays edits: another tab must not receive a viewer's changes directly.
      { disableBc: true },
    );
    provider.awareness.setLocalStateField('user', { name: myName, colour: colourIndex(myId) });
    let revision = 0;
    const onAwareness = () => {
      const next = serverRevision(provider);
      if (next > revision) {
        revision = next;
        void queryClient.invalidateQueries({ queryKey: sessionQueryOptions(sessionId).queryKey });
      }
    };
    provider.awareness.on('change', onAwareness);
    provider.on('status', ({ status: next }) => setStatus(next));
    // The session is over for this page: it shows so (and the replay) without asking again.
    provider.on('closed', ({ code }) => {
      if (code === LIVE_CLOSE.ended.code) setStatus('ended');
      else if (code === LIVE_CLOSE.loggedOut.code) setStatus('loggedOut');
      else if (code === LIVE_CLOSE.tooLarge.code) setStatus('tooLarge');
    });
    // The provider is an outside system made per session; its handle is state so the page
    // renders the editor with it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setLive({ doc, provider });
    return () => {
      provider.awareness.off('change', onAwareness);
      provider.destroy();
      doc.destroy();
      setLive(null);
    };
  }, [sessionId, myId, myName, queryClient]);

  return { live, status };
}
