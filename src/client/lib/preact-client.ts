import { createElement, hydrate, Suspense, type ReactNode } from 'preact/compat';
import { createRoot as createPreactRoot } from 'preact/compat/client';

/**
 * `react-dom/client` on Preact (decision 284; scripts/preact-aliases.ts). React treats the root as
 * a Suspense boundary: a component that suspends with no boundary above it (useTranslation while
 * its namespace loads, in a test that renders a screen on its own) leaves the root empty until the
 * data is there. Preact throws the promise as an error instead, so every root gets that boundary.
 */
const boundary = (children: ReactNode) => createElement(Suspense, { fallback: null }, children);

export function createRoot(container: Element | DocumentFragment) {
  const root = createPreactRoot(container);
  return {
    render(children: ReactNode) {
      root.render(boundary(children));
    },
    unmount() {
      root.unmount();
    },
  };
}

export function hydrateRoot(container: Element | DocumentFragment, children: ReactNode) {
  hydrate(boundary(children), container);
  return createRoot(container);
}

export default { createRoot, hydrateRoot };
