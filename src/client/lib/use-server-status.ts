import { useEffect, useState } from 'react';
import { apiUrl } from '#client/lib/api-base.ts';

export type ServerStatus = 'checking' | 'reachable' | 'unreachable';

/** Asks the liveness endpoint once; any network error or non-2xx answer counts as unreachable. */
export function useServerStatus(): ServerStatus {
  const [status, setStatus] = useState<ServerStatus>('checking');

  useEffect(() => {
    const controller = new AbortController();
    fetch(apiUrl('/healthz'), {
      signal: controller.signal,
      headers: { accept: 'application/json' },
    })
      .then((response) => setStatus(response.ok ? 'reachable' : 'unreachable'))
      .catch(() => {
        // An unmount aborts the request; that is not a verdict about the server.
        if (!controller.signal.aborted) setStatus('unreachable');
      });
    return () => controller.abort();
  }, []);

  return status;
}
