import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '#shared/api/pagination.ts';
import { ErrorEnvelopeSchema } from '#shared/errors/app-error.ts';
import { textSchema } from '#shared/validation/database-input.ts';

/** The AI website builder (spec 02 §2 /codehub/website-builder, §3 website_projects, §4, §7). */

export const PROMPT_MAX = 4000;
/** The builder's result must fit one code hub file (MAX_FILE_BYTES), so "edit in editor" works. */
export const MAX_SITE_HTML_BYTES = 256 * 1024;
/** Refinement rounds a request may ask for; the professional build adds PROFESSIONAL_EXTRA_STEPS. */
export const MAX_REFINEMENT_STEPS = 3;
export const PROFESSIONAL_EXTRA_STEPS = 2;
/** Spec 02 §7: both builds time out after 10 minutes. */
export const BUILD_TIMEOUT_MS = 10 * 60_000;

export const MODEL_VARIANTS = ['fast', 'balanced', 'quality'] as const;
export type ModelVariant = (typeof MODEL_VARIANTS)[number];

export const WEBSITE_BUILDER_MESSAGES = {
  /** Spec 02 §8, the exact text. */
  timeout: 'Die Anfrage hat zu lange gedauert. Bitte versuche es später erneut.',
  notFound: 'Website not found',
  busy: 'A website is already being built for you. Please wait until it is done.',
  noChanges: 'Nothing to change',
  promptRequired: 'Prompt is required',
} as const;

/** Defaults of spec 02 §4: refinement on, keep previous components on, 1 step, balanced. */
export const BuildOptionsSchema = z.object({
  iterativeRefinement: z.boolean().default(true),
  /** On: a refinement edits the page it has; off: it writes the page anew (decision 245). */
  saveToPreviousComponents: z.boolean().default(true),
  maxRefinementSteps: z.number().int().min(0).max(MAX_REFINEMENT_STEPS).default(1),
});

export const BuildWebsiteSchema = z.object({
  prompt: textSchema()
    .trim()
    .min(1, WEBSITE_BUILDER_MESSAGES.promptRequired)
    .max(PROMPT_MAX, `At most ${PROMPT_MAX} characters`),
  options: BuildOptionsSchema.default({
    iterativeRefinement: true,
    saveToPreviousComponents: true,
    maxRefinementSteps: 1,
  }),
  model_variant: z.enum(MODEL_VARIANTS).default('balanced'),
});
export type BuildWebsite = z.input<typeof BuildWebsiteSchema>;
export type BuildWebsiteInput = z.output<typeof BuildWebsiteSchema>;

export const BUILD_STEP_KINDS = ['plan', 'generate', 'check', 'screenshot', 'refine'] as const;
export type BuildStepKind = (typeof BUILD_STEP_KINDS)[number];

/** One step of the pipeline as the user sees it in the progress list. */
export const BuildStepSchema = z.object({
  step: z.enum(BUILD_STEP_KINDS),
  /** ok: passed; issues: findings that the next step addresses or that remain. */
  status: z.enum(['ok', 'issues']),
  /** Machine-readable findings (e.g. 'placeholder', 'cut-off', 'overflow'); see FINDING_CODES. */
  findings: z.array(z.string()),
  /** Which round of refinement this belongs to (0: the first draft). */
  round: z.number().int(),
});
export type BuildStep = z.infer<typeof BuildStepSchema>;

export const BuildResultSchema = z.object({
  projectId: z.string(),
  name: z.string(),
  description: z.string(),
  html: z.string(),
  /** Null when no screenshot could be taken (no Chromium on this server). */
  screenshotUrl: z.string().nullable(),
  tags: z.array(z.string()),
  steps: z.array(BuildStepSchema),
});
export type BuildResult = z.infer<typeof BuildResultSchema>;

/** Server-Sent Events of a streamed build: steps as they finish, then the result (or an error). */
export const BuildStreamEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('step'), data: BuildStepSchema }),
  z.object({ event: z.literal('result'), data: BuildResultSchema }),
  z.object({ event: z.literal('error'), data: ErrorEnvelopeSchema }),
]);

export const WebsiteParamsSchema = z.object({ projectId: z.uuid('Not a website id') });

export const WebsiteSchema = z.object({
  projectId: z.string(),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  isPublic: z.boolean(),
  viewCount: z.number().int(),
  screenshotUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  owner: z.object({ id: z.number().int(), name: z.string() }),
  isOwner: z.boolean(),
});
export type Website = z.infer<typeof WebsiteSchema>;

export const WebsiteDetailSchema = WebsiteSchema.extend({ html: z.string() });
export type WebsiteDetail = z.infer<typeof WebsiteDetailSchema>;

export const WebsiteListQuerySchema = PageQuerySchema.extend({
  scope: z.enum(['mine', 'public']).default('mine'),
});
export type WebsiteListQuery = z.infer<typeof WebsiteListQuerySchema>;
export const WebsitePageSchema = pageSchema(WebsiteSchema);

export const UpdateWebsiteSchema = z
  .object({
    name: textSchema().trim().min(1, 'Name is required').max(100).optional(),
    description: textSchema().trim().max(1000).optional(),
    isPublic: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: WEBSITE_BUILDER_MESSAGES.noChanges,
  });
export type UpdateWebsite = z.infer<typeof UpdateWebsiteSchema>;
