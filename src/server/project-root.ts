import { fileURLToPath } from 'node:url';

/**
 * The project's directory (package.json, src/server/db/migrations), with a trailing slash. This
 * file is src/server/project-root.ts from source and part of dist/server/*.js when compiled: two
 * levels below the root either way (scripts/build-server.ts keeps the bundle flat).
 */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
