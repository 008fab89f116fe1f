import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BuildResult, BuildStep, Website } from '#shared/codehub/website-builder-schemas.ts';
import { giveRangesClientRects } from './support/code-mirror-in-jsdom.ts';
import { fakeServer, settingsBody, userBody } from './support/fake-server.ts';
import { renderApp } from './support/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

beforeAll(giveRangesClientRects);

const SITE_ID = '3f2c1b0a-9e8d-4c7b-a6f5-e4d3c2b1a098';
const PROJECT_ID = '0b8f6a52-3c57-4d2e-9d7a-6f1e2a3b4c5d';
const FILE_ID = '5a1c9e3f-8b2d-4f6a-a7c1-2d3e4f5a6b7c';
const HTML = '<!DOCTYPE html><html><body><h1>Sonnenbrot</h1></body></html>';
const AT = '2026-11-20T09:30:00.000Z';

const site = (overrides: Partial<Website> = {}): Website => ({
  projectId: SITE_ID,
  name: 'Sonnenbrot',
  description: 'A bakery in Berlin',
  tags: ['bakery'],
  isPublic: false,
  viewCount: 0,
  screenshotUrl: `/api/codehub/websites/${SITE_ID}/screenshot`,
  createdAt: AT,
  updatedAt: AT,
  owner: { id: 7, name: 'Anna' },
  isOwner: true,
  ...overrides,
});
const steps: BuildStep[] = [
  { step: 'plan', status: 'ok', findings: [], round: 0 },
  { step: 'generate', status: 'issues', findings: ['cut-off'], round: 0 },
  { step: 'check', status: 'ok', findings: [], round: 0 },
  { step: 'screenshot', status: 'ok', findings: [], round: 0 },
];
const result: BuildResult = {
  projectId: SITE_ID,
  name: 'Sonnenbrot',
  description: 'A bakery in Berlin',
  html: HTML,
  screenshotUrl: `/api/codehub/websites/${SITE_ID}/screenshot`,
  tags: ['bakery'],
  steps,
};
const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
const project = {
  id: PROJECT_ID,
  name: 'Sonnenbrot',
  description: 'A bakery in Berlin',
  language: 'html' as const,
  isPublic: false,
  viewCount: 0,
  lastActiveAt: AT,
  createdAt: AT,
  updatedAt: AT,
  owner: { id: 7, name: 'Anna' },
  isOwner: true,
};
const indexFile = {
  id: FILE_ID,
  projectId: PROJECT_ID,
  filename: 'index.html',
  content: HTML,
  language: 'html',
  isMain: true,
  size: HTML.length,
  createdAt: AT,
  updatedAt: AT,
};

function builderServer(built: { current: boolean }, buildAnswer: string) {
  return fakeServer({
    'GET /api/user': { status: 200, body: userBody() },
    'GET /api/settings/7': { status: 200, body: settingsBody() },
    'GET /api/conversations': { status: 200, body: [] },
    'GET /api/codehub/websites': (request) => {
      const scope = new URL(request.url, 'http://localhost').searchParams.get('scope');
      const items =
        scope === 'public'
          ? [
              site({
                projectId: FILE_ID,
                name: 'Kiosk',
                isPublic: true,
                isOwner: false,
                owner: { id: 9, name: 'Bo' },
              }),
            ]
          : built.current
            ? [site()]
            : [];
      return { status: 200, body: { items, nextCursor: null } };
    },
    'POST /api/codehub/build-website': () => {
      built.current = true;
      return { status: 200, sse: buildAnswer };
    },
    [`GET /api/codehub/websites/${SITE_ID}`]: { status: 200, body: { ...site(), html: HTML } },
    'POST /api/codehub/projects': { status: 201, body: project },
    [`POST /api/codehub/projects/${PROJECT_ID}/files`]: { status: 201, body: indexFile },
    [`GET /api/codehub/projects/${PROJECT_ID}`]: { status: 200, body: project },
    [`GET /api/codehub/projects/${PROJECT_ID}/files`]: {
      status: 200,
      body: { files: [indexFile] },
    },
  });
}

describe('/codehub/website-builder', () => {
  it('builds from a prompt with the default options, shows the steps and the sandboxed preview, and opens the site in the editor', async () => {
    const built = { current: false };
    const server = builderServer(
      built,
      steps.map((step) => event('step', step)).join('') + event('result', result),
    );
    renderApp('/codehub/website-builder');

    expect(await screen.findByText('Du hast noch keine Website erstellt.')).toBeTruthy();
    const gallery = await screen.findByRole('list', { name: 'Öffentliche Galerie' });
    expect(within(gallery).getByText('von Bo')).toBeTruthy();

    await userEvent.type(
      screen.getByRole('textbox', { name: 'Beschreibe deine Website' }),
      'Eine Bäckerei namens Sonnenbrot',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Website erstellen' }));

    const progress = await screen.findByRole('list', { name: 'Fortschritt' });
    await waitFor(() =>
      expect(
        within(progress)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        'Plan erstellt',
        'Seite geschriebenabgeschnitten, fortgesetzt',
        'Seite geprüft',
        'Screenshot im Browser aufgenommen',
      ]),
    );
    const build = server.requests.find((request) => request.method === 'POST');
    expect(build?.headers.accept).toBe('text/event-stream');
    // Spec 02 §4 defaults.
    expect(build?.body).toEqual({
      prompt: 'Eine Bäckerei namens Sonnenbrot',
      options: { iterativeRefinement: true, saveToPreviousComponents: true, maxRefinementSteps: 1 },
      model_variant: 'balanced',
    });

    const frame = await screen.findByTitle('Vorschau von Sonnenbrot');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame.getAttribute('src')).toBe(`/api/codehub/websites/${SITE_ID}/view`);
    expect(screen.getByRole('link', { name: 'HTML herunterladen' }).getAttribute('href')).toBe(
      `/api/codehub/websites/${SITE_ID}/download`,
    );
    const mine = await screen.findByRole('list', { name: 'Meine Websites' });
    expect(within(mine).getByRole('img', { name: 'Screenshot von Sonnenbrot' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Im Code-Editor bearbeiten' }));
    expect(await screen.findByRole('heading', { name: 'Sonnenbrot' })).toBeTruthy();
    const posts = server.requests.filter((request) => request.method === 'POST').slice(1);
    expect(posts.map((request) => [request.url, request.body])).toEqual([
      [
        '/api/codehub/projects',
        {
          name: 'Sonnenbrot',
          description: 'A bakery in Berlin',
          language: 'html',
          fromTemplate: false,
        },
      ],
      [
        `/api/codehub/projects/${PROJECT_ID}/files`,
        { filename: 'index.html', content: HTML, isMain: true },
      ],
    ]);
  });

  it('says the token allowance is used up, not the number of builds, when that refused it', async () => {
    fakeServer({
      'GET /api/user': { status: 200, body: userBody() },
      'GET /api/settings/7': { status: 200, body: settingsBody() },
      'GET /api/conversations': { status: 200, body: [] },
      'GET /api/codehub/websites': { status: 200, body: { items: [], nextCursor: null } },
      'POST /api/codehub/build-website': {
        status: 429,
        body: {
          message: 'Daily token limit reached',
          code: 'QUOTA_EXCEEDED_ERROR',
          statusCode: 429,
        },
      },
    });
    renderApp('/codehub/website-builder');
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Beschreibe deine Website' }),
      'Eine Bäckerei',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Website erstellen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Dein Token-Kontingent für heute oder diesen Monat ist aufgebraucht. Eine Website kann erst wieder erstellt werden, wenn es sich erneuert.',
    );
  });

  it('says the description is too long when the request is over the plan’s largest one', async () => {
    fakeServer({
      'GET /api/user': { status: 200, body: userBody() },
      'GET /api/settings/7': { status: 200, body: settingsBody() },
      'GET /api/conversations': { status: 200, body: [] },
      'GET /api/codehub/websites': { status: 200, body: { items: [], nextCursor: null } },
      'POST /api/codehub/build-website': {
        status: 429,
        body: {
          message:
            'Request too large: about 900 tokens, your plan allows 600 per request. Shorten the message or start a new chat.',
          code: 'QUOTA_EXCEEDED_ERROR',
          statusCode: 429,
          details: { estimatedTokens: 900, maxRequestSize: 600 },
        },
      },
    });
    renderApp('/codehub/website-builder');
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Beschreibe deine Website' }),
      'Eine Bäckerei',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Website erstellen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Deine Beschreibung ist zu lang für deinen Tarif. Bitte kürze sie und versuche es erneut.',
    );
  });

  it('shows the spec’s timeout text when the build takes too long', async () => {
    builderServer(
      { current: false },
      event('step', steps[0]) +
        event('error', {
          message: 'Die Anfrage hat zu lange gedauert. Bitte versuche es später erneut.',
          code: 'TIMEOUT_ERROR',
          statusCode: 504,
        }),
    );
    renderApp('/codehub/website-builder');

    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Beschreibe deine Website' }),
      'Etwas Großes',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Website erstellen' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Die Anfrage hat zu lange gedauert. Bitte versuche es später erneut.',
    );
    expect(screen.getByRole('button', { name: 'Website erstellen' })).toBeTruthy();
  });
});
