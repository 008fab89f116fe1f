import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppSettingsStore } from '#server/app-settings/app-settings.ts';
import { AppError } from '#shared/errors/app-error.ts';
import { isApiRequest, routePath } from './request-path.ts';

export const MAINTENANCE_MESSAGE = 'Orbit Chat is being maintained. Please try again later.';
const RETRY_AFTER_SECONDS = 300;

/** What stays open while the product is maintained: signing in and out, and reading public data. */
function staysOpen(request: FastifyRequest): boolean {
  const path = routePath(request);
  if (path === '/api/login' || path === '/api/logout' || path === '/api/user') return true;
  return request.method === 'GET' && request.routeOptions.config.access === 'public';
}

/**
 * Maintenance held by this process, whatever the stored setting says: a restore replaces the
 * settings table itself, so the stored value cannot be relied on while it runs (decision 151).
 */
export interface MaintenanceHold {
  /** Holds maintenance mode on until the returned function is called. */
  hold(): () => void;
  isHeld(): boolean;
}

export function createMaintenanceHold(): MaintenanceHold {
  let holders = 0;
  return {
    hold() {
      holders++;
      let released = false;
      return () => {
        if (!released) holders--;
        released = true;
      };
    },
    isHeld: () => holders > 0,
  };
}

/**
 * Maintenance mode (the administrator's setting, or a restore in progress): the API answers 503
 * to everyone but administrators, so nothing is written while the data is being worked on.
 * Runs after the session resolver, so an administrator is known.
 */
export function registerMaintenanceMode(
  app: FastifyInstance,
  settings: AppSettingsStore,
  held: MaintenanceHold = createMaintenanceHold(),
) {
  app.addHook('onRequest', async (request, reply) => {
    const on = settings.current().maintenanceMode || held.isHeld();
    if (!on || !isApiRequest(request)) return;
    if (request.user?.isAdmin || staysOpen(request)) return;
    // Answered here, not thrown: a refusal the administrator asked for is no server fault, and
    // the server's error log would fill with one line per request while maintenance lasts.
    return reply
      .status(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send(new AppError('SERVER_ERROR', 503, MAINTENANCE_MESSAGE).toEnvelope());
  });
}
