import type { FastifyBaseLogger } from 'fastify';
import { loadCatalogue } from '#server/ai/model-catalogue.ts';
import type { TokenBudget } from '#server/ai/token-budget.ts';
import type { AppContext } from '#server/http/request-context.ts';
import { RateLimiter, RateLimitedError, describeWait } from '#server/http/rate-limit.ts';
import {
  MAX_REFINEMENT_STEPS,
  PROFESSIONAL_EXTRA_STEPS,
  WEBSITE_BUILDER_MESSAGES as M,
  type BuildResult,
  type BuildStep,
  type BuildWebsiteInput,
} from '#shared/codehub/website-builder-schemas.ts';
import { AppError, conflict } from '#shared/errors/app-error.ts';
import { accessTier, type AccessState, type SubscriptionTier } from '#shared/plans/tiers.ts';
import { LANGUAGES } from '#shared/settings/settings-options.ts';
import type { Language } from '#shared/settings/settings-schemas.ts';
import { runPipeline } from './build-pipeline.ts';
import { recordBuildCall, type CallStatus } from './build-usage.ts';
import { chooseBuilderModel } from './builder-model.ts';
import { renderPage } from './page-screenshot.ts';
import { modelAuthor, offlineAuthor } from './site-author.ts';
import * as q from './website-builder.queries.ts';

/** Builds a user may start per day, by tier (decision 248); RATE_LIMIT_FACTOR scales them. */
export const DAILY_BUILDS: Record<SubscriptionTier, number> = {
  free: 5,
  pro: 20,
  premium: 20,
  expert: 50,
  ultimate: 100,
};
const DAY_MS = 24 * 60 * 60_000;

export const screenshotPath = (projectId: string) =>
  `/api/codehub/websites/${projectId}/screenshot`;

/** Who builds: the signed-in user's id and what decides their plan. */
export type Builder = AccessState & { id: number };

/** The deadline passed; the abort reason that tells it from a client that left. */
class BuildDeadline extends Error {
  override name = 'BuildDeadline';
}

export const buildTimeoutError = () => new AppError('TIMEOUT_ERROR', 504, M.timeout);

/** One build's run: the user's token budget (requireBuildBudget) narrows the model choice. */
export interface BuildRun {
  professional: boolean;
  budget: TokenBudget | undefined;
  onStep: (step: BuildStep) => void;
  signal: AbortSignal;
}

export interface WebsiteBuilder {
  build(user: Builder, input: BuildWebsiteInput, run: BuildRun): Promise<BuildResult>;
}

/**
 * The builder of one app: who is building now (one build per user at a time, per instance) and
 * the daily limits. `timeoutMs` is spec 02 §7's 10 minutes unless the environment says otherwise.
 */
export function createWebsiteBuilder(ctx: AppContext, log: FastifyBaseLogger): WebsiteBuilder {
  const building = new Set<number>();
  const limiters = new Map<SubscriptionTier, RateLimiter>();
  const limiterFor = (tier: SubscriptionTier) => {
    let limiter = limiters.get(tier);
    if (!limiter) {
      const limit = Math.max(1, Math.round(DAILY_BUILDS[tier] * ctx.env.RATE_LIMIT_FACTOR));
      // One count per user whatever the plan (decision 345): each tier's limiter reads the same
      // window, so a plan that changes within the day does not start the user's count afresh.
      limiter = new RateLimiter(ctx.rateLimits, {
        name: 'website-build',
        limit,
        windowMs: DAY_MS,
      });
      limiters.set(tier, limiter);
    }
    return limiter;
  };
  const timeoutMs = ctx.env.WEBSITE_BUILD_TIMEOUT_MS;

  return {
    async build(user, input, run) {
      if (building.has(user.id)) throw conflict(M.busy);
      // Taken before the limiter's round trip: a second build sent meanwhile is the 409 above.
      building.add(user.id);
      const tier = accessTier(user);
      let verdict;
      try {
        // A refused build is not counted: after an upgrade the user gets the rest of the new
        // plan's number, not that less the times they were turned away (decision 345).
        const limiter = limiterFor(tier);
        verdict = await limiter.check(String(user.id));
        if (verdict.allowed) verdict = await limiter.consume(String(user.id));
      } catch (error) {
        building.delete(user.id);
        throw error;
      }
      if (!verdict.allowed) {
        building.delete(user.id);
        throw new RateLimitedError(
          verdict.retryAfterSeconds,
          `You have built the most websites your plan allows for today. Try again in ${describeWait(verdict.retryAfterSeconds)}.`,
        );
      }
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(new BuildDeadline()), timeoutMs);
      const stop = () => deadline.abort(run.signal.reason);
      if (run.signal.aborted) stop();
      else run.signal.addEventListener('abort', stop, { once: true });
      try {
        return await buildSite(ctx, log, user, tier, input, {
          ...run,
          signal: deadline.signal,
        });
      } catch (error) {
        if (deadline.signal.reason instanceof BuildDeadline) throw buildTimeoutError();
        throw error;
      } finally {
        clearTimeout(timer);
        run.signal.removeEventListener('abort', stop);
        building.delete(user.id);
      }
    },
  };
}

/** How a build call ended: the build's deadline is a timeout, the client leaving a stop. */
function statusOf(failure: unknown, signal: AbortSignal): CallStatus {
  if (failure === undefined) return 'success';
  if (signal.aborted) return signal.reason instanceof BuildDeadline ? 'timeout' : 'stopped';
  return failure instanceof AppError && failure.code === 'TIMEOUT_ERROR' ? 'timeout' : 'error';
}

const isLanguage = (value: string | undefined): value is Language =>
  value !== undefined && (LANGUAGES as readonly string[]).includes(value);

async function buildSite(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: Builder,
  tier: SubscriptionTier,
  input: BuildWebsiteInput,
  run: BuildRun,
): Promise<BuildResult> {
  const stored = await q.findUserLanguage(ctx.db, user.id);
  const language: Language = isLanguage(stored) ? stored : 'de';
  const model = ctx.providers.offline
    ? undefined
    : chooseBuilderModel({
        catalogue: await loadCatalogue(ctx.db),
        providers: ctx.providers,
        tier,
        budget: run.budget,
        variant: input.model_variant,
        professional: run.professional,
        defaultModel: ctx.appSettings.current().defaultModel,
      });
  const author = model
    ? modelAuthor({
        model: ctx.providers.languageModel(model),
        modelId: model.id,
        provider: model.provider,
        language,
        record: (call) =>
          recordBuildCall(ctx.db, {
            userId: user.id,
            model,
            call,
            status: statusOf(call.failure, run.signal),
          }),
      })
    : offlineAuthor(language);
  const options = run.professional
    ? {
        ...input.options,
        iterativeRefinement: true,
        maxRefinementSteps: Math.min(
          Math.max(input.options.maxRefinementSteps, 1) + PROFESSIONAL_EXTRA_STEPS,
          MAX_REFINEMENT_STEPS + PROFESSIONAL_EXTRA_STEPS,
        ),
      }
    : input.options;

  const site = await runPipeline(
    {
      author,
      language,
      signal: run.signal,
      onStep: run.onStep,
      // A browser that fails to start or crashes costs the screenshot, not the site.
      render: async (html, signal) => {
        try {
          return await renderPage(html, { chromiumPath: ctx.env.CHROMIUM_PATH, signal });
        } catch (error) {
          if (signal.aborted) throw error;
          log.warn({ err: error }, 'website screenshot failed');
          return { png: undefined, findings: ['no-browser'], blockedRequests: 0 };
        }
      },
    },
    input.prompt,
    options,
  );
  run.signal.throwIfAborted();
  const now = new Date();
  const projectId = await q.insertSite(ctx.db, {
    userId: user.id,
    name: site.plan.name,
    description: site.plan.description,
    htmlContent: site.html,
    screenshot: site.png ?? null,
    tags: site.plan.tags,
    // Written from here (millisecond precision) so page cursors compare equal.
    createdAt: now,
    updatedAt: now,
  });
  return {
    projectId,
    name: site.plan.name,
    description: site.plan.description,
    html: site.html,
    screenshotUrl: site.png ? screenshotPath(projectId) : null,
    tags: site.plan.tags,
    steps: site.steps,
  };
}
