import type { BuildStep, BuildStepKind } from '#shared/codehub/website-builder-schemas.ts';
import { MAX_SITE_HTML_BYTES } from '#shared/codehub/website-builder-schemas.ts';
import type { Language } from '#shared/settings/settings-schemas.ts';
import {
  extractHtml,
  hasPlaceholders,
  isCutOff,
  RENDER_FINDINGS,
  type Finding,
} from './html-checks.ts';
import { sanitizeHtml } from './html-sanitizer.ts';
import type { Rendering } from './page-screenshot.ts';
import type { Draft, SiteAuthor } from './site-author.ts';
import { templateSite, type SitePlan } from './site-template.ts';

export interface PipelineOptions {
  iterativeRefinement: boolean;
  saveToPreviousComponents: boolean;
  maxRefinementSteps: number;
}

export interface PipelineDeps {
  author: SiteAuthor;
  render: (html: string, signal: AbortSignal) => Promise<Rendering>;
  language: Language;
  onStep: (step: BuildStep) => void;
  signal: AbortSignal;
}

export interface BuiltSite {
  plan: SitePlan;
  html: string;
  png: Buffer | undefined;
  steps: BuildStep[];
}

/** Findings of the text itself; a refinement is owed for them even with refinement off. */
const CONTENT_FINDINGS: readonly Finding[] = ['no-html', 'placeholder', 'cut-off', 'too-large'];

const byteLength = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * plan → generate (a cut-off answer continued once) → check → screenshot → refine … (issue 13
 * item 5). Every step is reported as it finishes. A refinement is run for the findings of the
 * checks (placeholders, cut-off, no HTML) whatever the options say, and for the rendering's
 * findings while iterative refinement is on, up to maxRefinementSteps rounds.
 */
export async function runPipeline(
  deps: PipelineDeps,
  prompt: string,
  options: PipelineOptions,
): Promise<BuiltSite> {
  const { author, signal } = deps;
  const steps: BuildStep[] = [];
  const report = (
    step: BuildStepKind,
    findings: Finding[],
    round: number,
    status: BuildStep['status'] = findings.length > 0 ? 'issues' : 'ok',
  ) => {
    const entry: BuildStep = {
      step,
      status,
      findings: [...findings],
      round,
    };
    steps.push(entry);
    deps.onStep(entry);
  };

  const plan = await author.plan(prompt, signal);
  report('plan', [], 0);

  /**
   * Turns an answer into a sanitized document; continues a cut-off one once. A refinement that
   * brought no document keeps the page it was meant to refine; a first draft without one gets
   * the template.
   */
  const finish = async (
    draft: Draft,
    round: number,
    refined?: { previous: string; addressed: Finding[] },
  ) => {
    let html = extractHtml(draft.text);
    const continued = html !== undefined && (draft.cutOff || isCutOff(html));
    if (continued) {
      const rest = await author.continue(prompt, html!, signal);
      html += stripFence(rest.text);
    }
    if (refined) {
      report(
        'refine',
        [...refined.addressed, ...(continued ? ['cut-off' as const] : [])],
        round,
        'ok',
      );
    } else {
      report('generate', continued ? ['cut-off'] : [], round);
    }

    const findings: Finding[] = [];
    if (html === undefined) {
      findings.push('no-html');
      html = refined?.previous ?? templateSite(plan, prompt, deps.language);
    } else if (isCutOff(html)) {
      findings.push('cut-off');
      html = closeDocument(html);
    }
    html = sanitizeHtml(html);
    if (hasPlaceholders(html)) findings.push('placeholder');
    if (byteLength(html) > MAX_SITE_HTML_BYTES) findings.push('too-large');
    report('check', findings, round);
    return { html, findings };
  };

  const screenshot = async (html: string, round: number) => {
    const rendering = await deps.render(html, signal);
    report('screenshot', rendering.findings, round);
    return rendering;
  };

  let current = await finish(await author.write(prompt, plan, signal), 0);
  let rendering = await screenshot(current.html, 0);
  let round = 0;
  const rounds = options.iterativeRefinement ? options.maxRefinementSteps : 0;
  while (author.canRefine) {
    const owed = current.findings.filter((finding) => CONTENT_FINDINGS.includes(finding));
    const visual = options.iterativeRefinement
      ? rendering.findings.filter((finding) => RENDER_FINDINGS.includes(finding))
      : [];
    const findings = [...owed, ...visual];
    // Content problems get one round even when refinement is off or its rounds are used up.
    const allowed = round < rounds || (owed.length > 0 && round < Math.max(rounds, 1));
    if (findings.length === 0 || !allowed) break;
    round += 1;
    const draft = await author.refine(
      {
        prompt,
        plan,
        html: current.html,
        findings,
        keepComponents: options.saveToPreviousComponents,
      },
      signal,
    );
    current = await finish(draft, round, { previous: current.html, addressed: findings });
    rendering = await screenshot(current.html, round);
  }

  // A page that cannot be stored as one code hub file is replaced by the template.
  const html =
    byteLength(current.html) > MAX_SITE_HTML_BYTES
      ? sanitizeHtml(templateSite(plan, prompt, deps.language))
      : current.html;
  return { plan, html, png: rendering.png, steps };
}

/** A continuation may come in a code fence of its own. */
function stripFence(text: string) {
  return text.replace(/^\s*```(?:html)?[^\n]*\n/i, '').replace(/\n?```\s*$/, '');
}

/** A document still cut off after its one continuation is closed, so it renders and stores. */
function closeDocument(html: string) {
  let closed = html.replace(/<[^>]*$/, '');
  if (/<script\b(?![\s\S]*<\/script>)/i.test(closed)) closed += '</script>';
  if (/<style\b(?![\s\S]*<\/style>)/i.test(closed)) closed += '</style>';
  if (!/<\/body\s*>/i.test(closed)) closed += '\n</body>';
  return `${closed}\n</html>\n`;
}
