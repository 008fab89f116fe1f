import { createHash } from 'node:crypto';
import type { Language } from '#shared/settings/settings-schemas.ts';

/**
 * The built-in page of the offline assistant (no AI provider configured) and the fallback when
 * a model answers without any HTML: a real, responsive one-page site filled from the prompt,
 * with system fonts, inline CSS and a few lines of inline script. Plain words from the prompt,
 * never placeholder text.
 */

export interface SitePlan {
  name: string;
  description: string;
  tags: string[];
  /** Section headings the page should have, in order. */
  sections: string[];
}

const LABELS: Record<
  Language,
  { about: string; offer: string; contact: string; cta: string; made: string; write: string }
> = {
  de: {
    about: 'Über uns',
    offer: 'Was wir bieten',
    contact: 'Kontakt',
    cta: 'Mehr erfahren',
    made: 'Erstellt mit dem Orbit Website-Builder',
    write: 'Schreib uns – wir antworten gern.',
  },
  en: {
    about: 'About',
    offer: 'What we offer',
    contact: 'Contact',
    cta: 'Learn more',
    made: 'Made with the Orbit website builder',
    write: 'Write to us – we are happy to answer.',
  },
  zh: {
    about: '关于我们',
    offer: '我们提供',
    contact: '联系我们',
    cta: '了解更多',
    made: '由 Orbit 网站生成器制作',
    write: '欢迎来信，我们乐意回复。',
  },
  mk: {
    about: 'За нас',
    offer: 'Што нудиме',
    contact: 'Контакт',
    cta: 'Дознај повеќе',
    made: 'Направено со Orbit градителот на веб-страници',
    write: 'Пишете ни – со задоволство ќе одговориме.',
  },
  sq: {
    about: 'Rreth nesh',
    offer: 'Çfarë ofrojmë',
    contact: 'Kontakt',
    cta: 'Mëso më shumë',
    made: 'Krijuar me ndërtuesin e faqeve Orbit',
    write: 'Na shkruani – ju përgjigjemi me kënaqësi.',
  },
  ko: {
    about: '소개',
    offer: '제공 서비스',
    contact: '연락처',
    cta: '자세히 보기',
    made: 'Orbit 웹사이트 빌더로 제작',
    write: '편하게 문의해 주세요. 기꺼이 답해 드립니다.',
  },
};

/** Accessible pairs: text on background and on accent all reach WCAG AA. */
const PALETTES = [
  { accent: '#1d4ed8', dark: '#0f172a', light: '#eff6ff' },
  { accent: '#047857', dark: '#052e16', light: '#ecfdf5' },
  { accent: '#b91c1c', dark: '#2b0a0a', light: '#fef2f2' },
  { accent: '#6d28d9', dark: '#1e1036', light: '#f5f3ff' },
  { accent: '#b45309', dark: '#291703', light: '#fffbeb' },
];

const STOPWORDS = new Set(
  (
    'a an and the for with from that this into about page website site landing web make build create ' +
    'please want need some very my our your their of to in on at by or is are be it as ' +
    'eine einer einen ein und der die das für mit von für eine seite webseite website erstelle baue bitte ' +
    'mein meine unser unsere zum zur im am auf ist sind'
  ).split(' '),
);

function words(prompt: string) {
  return prompt
    .split(/[^\p{L}\p{N}-]+/u)
    .filter((word) => word.length >= 3 && !STOPWORDS.has(word.toLowerCase()));
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * At most `max` UTF-16 units, never half a character: a cut between the two halves of an emoji
 * would leave a lone surrogate, which the answer would carry and the database store as U+FFFD.
 */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** A name, a description and tags from the prompt alone (offline, or a plan that did not parse). */
export function planFromPrompt(prompt: string, language: Language): SitePlan {
  const named =
    /(?:called|named|namens|genannt|heißt)\s+["„“']?([\p{L}\p{N}][\p{L}\p{N}&' -]{1,40}?)["“”']?(?=[.,;:!?]|$|\s+(?:in|for|für|with|mit)\b)/iu.exec(
      prompt,
    )?.[1] ?? /["„“]([^"“”]{2,40})["“”]/u.exec(prompt)?.[1];
  const keywords = words(prompt);
  const name = (named ?? keywords.slice(0, 3).map(capitalise).join(' ')).trim() || 'Orbit';
  const tags = [...new Set(keywords.map((word) => word.toLowerCase()))].slice(0, 5);
  const labels = LABELS[language];
  return {
    name: clipText(name, 100),
    description: clipText(prompt.trim().replace(/\s+/g, ' '), 300),
    tags,
    sections: [labels.about, labels.offer, labels.contact],
  };
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export function templateSite(plan: SitePlan, prompt: string, language: Language): string {
  const labels = LABELS[language];
  const hash = createHash('sha256').update(prompt).digest();
  const palette = PALETTES[hash[0]! % PALETTES.length]!;
  const offers = (plan.tags.length > 0 ? plan.tags : words(prompt).slice(0, 3)).slice(0, 3);
  const name = escapeHtml(plan.name);
  const description = escapeHtml(plan.description);
  const cards = offers
    .map(
      (offer) =>
        `<article class="card"><h3>${escapeHtml(capitalise(offer))}</h3><p>${name} – ${escapeHtml(offer)}.</p></article>`,
    )
    .join('\n        ');
  return `<!DOCTYPE html>
<html lang="${language}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${name}</title>
  <style>
    :root { --accent: ${palette.accent}; --dark: ${palette.dark}; --light: ${palette.light}; }
    * { box-sizing: border-box; }
    body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-size: 17px; line-height: 1.6; color: var(--dark); background: #ffffff; }
    header { background: var(--dark); color: #ffffff; padding: 16px 24px; display: flex; flex-wrap: wrap; gap: 12px; justify-content: space-between; align-items: center; }
    header strong { font-size: 20px; }
    nav a { color: #ffffff; margin-left: 16px; text-decoration: none; }
    .hero { background: var(--light); padding: 72px 24px; text-align: center; }
    .hero h1 { font-size: clamp(32px, 6vw, 56px); margin: 0 0 16px; }
    .hero p { max-width: 640px; margin: 0 auto 24px; }
    .button { display: inline-block; background: var(--accent); color: #ffffff; padding: 12px 24px; border-radius: 8px; text-decoration: none; font-weight: 600; }
    section { max-width: 960px; margin: 0 auto; padding: 48px 24px; }
    .cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); gap: 16px; }
    .card { border: 1px solid #d1d5db; border-radius: 12px; padding: 20px; background: #ffffff; }
    .card h3 { margin-top: 0; color: var(--accent); }
    footer { background: var(--dark); color: #ffffff; text-align: center; padding: 24px; font-size: 15px; }
  </style>
</head>
<body>
  <header>
    <strong>${name}</strong>
    <nav><a href="#about">${escapeHtml(labels.about)}</a><a href="#offer">${escapeHtml(labels.offer)}</a><a href="#contact">${escapeHtml(labels.contact)}</a></nav>
  </header>
  <main>
    <div class="hero">
      <h1>${name}</h1>
      <p>${description}</p>
      <a class="button" href="#offer">${escapeHtml(labels.cta)}</a>
    </div>
    <section id="about">
      <h2>${escapeHtml(labels.about)}</h2>
      <p>${description}</p>
    </section>
    <section id="offer">
      <h2>${escapeHtml(labels.offer)}</h2>
      <div class="cards">
        ${cards}
      </div>
    </section>
    <section id="contact">
      <h2>${escapeHtml(labels.contact)}</h2>
      <p>${escapeHtml(labels.write)}</p>
    </section>
  </main>
  <footer>© <span id="year"></span> ${name} · ${escapeHtml(labels.made)}</footer>
  <script>document.getElementById('year').textContent = String(new Date().getFullYear());</script>
</body>
</html>
`;
}
