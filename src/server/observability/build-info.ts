import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { PROJECT_ROOT as ROOT } from '#server/project-root.ts';

function readVersion(): string {
  try {
    const parsed = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { version?: string };
    return parsed.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * The running version (package.json) and commit: GIT_COMMIT when the deployment sets it, else
 * asked of git once, on first use (a checkout; an image without git has none).
 */
export function buildInfo(gitCommit: string | undefined) {
  let commit: Promise<string | null> | undefined;
  return {
    version: readVersion(),
    commit: () =>
      (commit ??= gitCommit
        ? Promise.resolve(gitCommit)
        : new Promise((resolve) => {
            execFile(
              'git',
              ['rev-parse', '--short=12', 'HEAD'],
              { cwd: ROOT, timeout: 2000 },
              (error, out) => resolve(error ? null : out.trim() || null),
            );
          })),
  };
}
