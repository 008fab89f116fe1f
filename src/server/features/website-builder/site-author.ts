import type { LanguageModel } from 'ai';
import { estimatePromptFast } from '#server/ai/tokens.ts';
import { toUpstreamError } from '#server/ai/upstream-errors.ts';
import { OFFLINE_MODEL_ID } from '#shared/models/model-ids.ts';
import type { Language } from '#shared/settings/settings-schemas.ts';
import { withoutNul } from '#shared/validation/database-input.ts';
import type { ModelCall } from './build-usage.ts';
import { FINDING_ADVICE, type Finding } from './html-checks.ts';
import { clipText, planFromPrompt, templateSite, type SitePlan } from './site-template.ts';

/** One answer of the author: the text and whether the output limit cut it off. */
export interface Draft {
  text: string;
  cutOff: boolean;
}

/** Who writes the site: a model through its provider, or the built-in template (offline). */
export interface SiteAuthor {
  /** Stored nowhere; the progress and the tests name it. */
  readonly modelId: string;
  /** The offline author has nothing to refine with. */
  readonly canRefine: boolean;
  plan(prompt: string, signal: AbortSignal): Promise<SitePlan>;
  write(prompt: string, plan: SitePlan, signal: AbortSignal): Promise<Draft>;
  /** The rest of a cut-off document, from where it stopped. */
  continue(prompt: string, partial: string, signal: AbortSignal): Promise<Draft>;
  refine(
    request: {
      prompt: string;
      plan: SitePlan;
      html: string;
      findings: Finding[];
      /** Edit the page it has (true) or write it anew with the findings in mind (false). */
      keepComponents: boolean;
    },
    signal: AbortSignal,
  ): Promise<Draft>;
}

/** Markers at the start of each request: one per stage, so logs and fake upstreams can tell them apart. */
export const STAGE = {
  plan: 'Task: plan the website',
  write: 'Task: write the website',
  continue: 'Task: continue the website',
  refine: 'Task: refine the website',
} as const;

const RULES = `Rules for the page:
- One complete, self-contained HTML5 file: <!DOCTYPE html> … </html>, nothing before or after.
- All CSS in one <style> element, all JavaScript inline in <script> elements.
- System fonts only (system-ui, -apple-system, "Segoe UI", Roboto, sans-serif); no web fonts.
- No CDN, no external stylesheet, script, font, image or icon: nothing that loads from a URL.
  Draw images with inline SVG or CSS gradients; data: URLs are allowed.
- Responsive from 360 px to 1440 px wide, readable contrast (WCAG AA), body text at least 16 px.
- Real, specific content for this site in the language of the request. Never placeholder text
  (no Lorem ipsum, no TODO, no [Your name], no {{...}}).
- At most 150 KB.`;

const PLAN_SYSTEM = `You plan one-page websites. Answer with JSON only, no prose:
{"name": "short site name", "description": "one sentence", "tags": ["3 to 5 lowercase keywords"], "sections": ["section headings in order"]}`;

const WRITE_SYSTEM = `You are an expert web designer and front-end developer. You write complete, polished one-page websites.
${RULES}
Answer with the HTML document only.`;

const OUTPUT_TOKENS = { plan: 600, page: 16_000 };

/** The user's request as every call states it, after the stage's marker. */
const requestOf = (stage: keyof typeof STAGE, prompt: string) =>
  `${STAGE[stage]}.\nRequest: ${prompt}`;

/**
 * The estimated tokens of a build's largest call as far as it is known before the build: each
 * call's system prompt and the user's request, estimated as the chat estimates its requests
 * (decision 329). The plan, the cut-off page and the page to refine that later calls carry are
 * the model's own answers, not known up front and not the user's to shorten.
 */
export function estimateBuildRequest(prompt: string): number {
  return Math.max(
    ...(Object.keys(STAGE) as (keyof typeof STAGE)[]).map((stage) =>
      estimatePromptFast({
        system: stage === 'plan' ? PLAN_SYSTEM : WRITE_SYSTEM,
        texts: [requestOf(stage, prompt)],
        images: 0,
      }),
    ),
  );
}

function parsePlan(text: string, prompt: string, language: Language): SitePlan {
  const fallback = planFromPrompt(prompt, language);
  const json = /\{[\s\S]*\}/.exec(text)?.[0];
  if (!json) return fallback;
  try {
    const raw = JSON.parse(json) as Record<string, unknown>;
    // JSON may spell U+0000 as an escape, so the parsed values are cleaned, not just the answer.
    const clean = (value: unknown) => (typeof value === 'string' ? withoutNul(value).trim() : '');
    const strings = (value: unknown, max: number) =>
      Array.isArray(value)
        ? value
            .map(clean)
            .filter((item) => item !== '')
            .map((item) => clipText(item, 60))
            .slice(0, max)
        : [];
    const name = clean(raw.name) || fallback.name;
    const description = clean(raw.description) || fallback.description;
    const tags = strings(raw.tags, 8).map((tag) => tag.toLowerCase());
    const sections = strings(raw.sections, 12);
    return {
      name: clipText(name, 100),
      description: clipText(description, 300),
      tags: tags.length > 0 ? tags : fallback.tags,
      sections: sections.length > 0 ? sections : fallback.sections,
    };
  } catch {
    return fallback;
  }
}

const describePlan = (plan: SitePlan) =>
  `Site: ${plan.name}\nAbout: ${plan.description}\nSections: ${plan.sections.join(' | ')}`;

/**
 * The model-backed author: plain (non-streamed) calls through the provider's adapter. Each call,
 * answered or failed, is handed to `record` (its token_usage row) before the author goes on.
 */
export function modelAuthor(input: {
  model: LanguageModel;
  modelId: string;
  provider: string;
  language: Language;
  record: (call: ModelCall) => Promise<void>;
}): SiteAuthor {
  const call = async (
    request: { system: string; prompt: string; maxOutputTokens: number },
    signal: AbortSignal,
  ): Promise<Draft> => {
    const made = { system: request.system, prompt: request.prompt, startedAt: performance.now() };
    let result;
    try {
      const { generateText } = await import('ai');
      result = await generateText({
        model: input.model,
        system: request.system,
        prompt: request.prompt,
        maxOutputTokens: request.maxOutputTokens,
        maxRetries: 0,
        abortSignal: signal,
      });
    } catch (error) {
      // The build's deadline or the client leaving: the pipeline reports that itself.
      const failure = signal.aborted
        ? (signal.reason as unknown)
        : toUpstreamError(error, input.provider);
      await input.record({ ...made, text: '', usage: {}, failure });
      throw failure;
    }
    // A model may write U+0000, which PostgreSQL cannot store: the finished site would fail to save.
    const text = withoutNul(result.text);
    await input.record({ ...made, text, usage: result.totalUsage });
    return { text, cutOff: result.finishReason === 'length' };
  };
  return {
    modelId: input.modelId,
    canRefine: true,
    async plan(prompt, signal) {
      const draft = await call(
        {
          system: PLAN_SYSTEM,
          prompt: requestOf('plan', prompt),
          maxOutputTokens: OUTPUT_TOKENS.plan,
        },
        signal,
      );
      return parsePlan(draft.text, prompt, input.language);
    },
    write: (prompt, plan, signal) =>
      call(
        {
          system: WRITE_SYSTEM,
          prompt: `${requestOf('write', prompt)}\n\nPlan:\n${describePlan(plan)}`,
          maxOutputTokens: OUTPUT_TOKENS.page,
        },
        signal,
      ),
    continue: (prompt, partial, signal) =>
      call(
        {
          system: WRITE_SYSTEM,
          prompt: `${requestOf('continue', prompt)}\n\nThis HTML document was cut off. Answer with exactly the text that follows its last character, up to and including </html>, nothing else:\n\n${partial.slice(-6000)}`,
          maxOutputTokens: OUTPUT_TOKENS.page,
        },
        signal,
      ),
    refine: ({ prompt, plan, html, findings, keepComponents }, signal) =>
      call(
        {
          system: WRITE_SYSTEM,
          prompt: [
            `${requestOf('refine', prompt)}\n\nPlan:\n${describePlan(plan)}`,
            `Problems found when the page was checked and rendered in a browser:\n${findings
              .map((finding) => `- ${FINDING_ADVICE[finding]}`)
              .join('\n')}`,
            keepComponents
              ? `Fix these problems in the page below. Keep every section, text and style that has no problem exactly as it is. Answer with the whole corrected document.\n\n${html}`
              : `Write the page anew so that none of these problems occur. Answer with the whole document.`,
          ].join('\n\n'),
          maxOutputTokens: OUTPUT_TOKENS.page,
        },
        signal,
      ),
  };
}

/** The offline assistant's author: the built-in template, filled from the prompt. */
export function offlineAuthor(language: Language): SiteAuthor {
  return {
    modelId: OFFLINE_MODEL_ID,
    canRefine: false,
    plan: async (prompt) => planFromPrompt(prompt, language),
    write: async (prompt, plan) => ({ text: templateSite(plan, prompt, language), cutOff: false }),
    continue: async () => ({ text: '', cutOff: false }),
    refine: async ({ html }) => ({ text: html, cutOff: false }),
  };
}
