import { act, screen } from '@testing-library/react';
import { createContext, Suspense, useContext, useState } from 'react';
import { expect, test } from 'vitest';
import { ErrorBoundary } from '#client/app/error-boundary.tsx';
import { renderWithProviders } from './support/render-app.tsx';

/** A load a component waits for, resolved by the test. */
function load() {
  let finish = () => {};
  const promise = new Promise<void>((resolve) => (finish = resolve));
  const state = { done: false, promise, finish: () => ((state.done = true), finish()) };
  return state;
}

const Language = createContext('de');

// Preact's Suspense re-rendered components that had unmounted while a sibling was still loading:
// /subscription crashed in Chromium ("Cannot read properties of null (reading '__cC15')") when
// its contract was read again while a section's translations were still loading.
test('a component that unmounts while its page waits for a load never renders again', async () => {
  const page = load();
  const section = load();
  const renders = { Page: 0, Section: 0 };
  const Waits = ({ on, text }: { on: ReturnType<typeof load>; text: 'Page' | 'Section' }) => {
    renders[text] += 1;
    // Before the fix this read threw: an unmounted component has no context left.
    const language = useContext(Language);
    // Suspending is throwing the promise, as React's lazy() and i18next's Suspense mode do.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (!on.done) throw on.promise;
    return <p>{`${text} (${language})`}</p>;
  };
  let setStep: (step: number) => void = () => {};
  const Page = () => {
    const [step, set] = useState(0);
    setStep = set;
    return (
      <div>
        <Waits on={page} text="Page" />
        {step === 1 ? <Waits on={section} text="Section" /> : null}
      </div>
    );
  };
  renderWithProviders(
    <ErrorBoundary>
      <Language.Provider value="en">
        <Suspense fallback={<p>Loading</p>}>
          <Page />
        </Suspense>
      </Language.Provider>
    </ErrorBoundary>,
  );
  expect(screen.getByText('Loading')).toBeTruthy();

  // While the page waits, its data arrives twice: a section mounts, waits too, and goes again.
  await act(async () => setStep(1));
  await act(async () => setStep(2));
  const sectionRenders = renders.Section;
  await act(async () => page.finish());
  await act(async () => section.finish());

  expect(await screen.findByText('Page (en)')).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Oops! Etwas ist schief gelaufen' })).toBeNull();
  expect(screen.queryByText(/Section/)).toBeNull();
  expect(renders.Section).toBe(sectionRenders);
});
