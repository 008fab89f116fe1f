/**
 * npm run user:create -- --username NAME --password SECRET [--admin] [--display-name NAME] [--email ADDRESS]
 * Creates an account on the configured database (DATABASE_URL, else the embedded one in DATA_DIR).
 */
import { parseArgs } from 'node:util';
import { prepareDatabase } from '#server/bootstrap.ts';
import { openDatabase } from '#server/db/client.ts';
import { EnvError, loadEnv } from '#server/env.ts';
import { createAccount } from '#server/features/auth/auth.service.ts';
import { RegisterSchema } from '#shared/auth/auth-schemas.ts';
import { AppError } from '#shared/errors/app-error.ts';

const USAGE =
  'Usage: npm run user:create -- --username NAME --password SECRET [--admin] [--display-name NAME] [--email ADDRESS]';

function readArguments() {
  const { values } = parseArgs({
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      admin: { type: 'boolean', default: false },
      'display-name': { type: 'string' },
      email: { type: 'string' },
    },
    strict: true,
  });
  // The same rules as registration through the API.
  const parsed = RegisterSchema.safeParse({
    username: values.username,
    password: values.password,
    displayName: values['display-name'],
    email: values.email,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.message}`).join('\n');
    throw new UsageError(`${problems}\n${USAGE}`);
  }
  return { ...parsed.data, isAdmin: values.admin };
}

class UsageError extends Error {}

async function main() {
  const input = readArguments();
  const env = loadEnv();
  const database = await openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
  );
  try {
    await prepareDatabase(database, env);
    const user = await createAccount(database.db, {
      username: input.username,
      password: input.password,
      email: input.email ?? null,
      displayName: input.displayName ?? null,
      isAdmin: input.isAdmin,
    });
    console.log(
      `Created ${user.isAdmin ? 'administrator' : 'user'} '${user.username}' (id ${user.id}) on the ${database.kind} database.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof EnvError) {
    console.error(error.message);
  } else if (error instanceof AppError) {
    console.error(`Could not create the user: ${error.message}.`);
  } else if (
    error instanceof TypeError &&
    'code' in error &&
    String(error.code).startsWith('ERR_PARSE_ARGS')
  ) {
    console.error(`${error.message}\n${USAGE}`);
  } else {
    console.error('Could not create the user:', error instanceof Error ? error.message : error);
  }
  process.exitCode = 1;
});
