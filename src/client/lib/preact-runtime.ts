import { Component, options, type VNode } from 'preact';

/**
 * Where Preact's compatibility layer behaves unlike React DOM in ways the app relies on
 * (decision 284). main.tsx installs this before the first render; the client tests' setup too.
 */

/**
 * Effects: Preact runs `useEffect` callbacks after the next animation frame, React at the end of
 * the task that committed the render. A dialog's showModal(), the code editor's shadow root and
 * the like would otherwise appear a frame after the elements they belong to.
 */
options.requestAnimationFrame = (flush) => queueMicrotask(flush);

/**
 * `autoFocus`: React focuses such an element when it mounts; Preact only writes the `autofocus`
 * attribute, which a browser honours on page load, not for an element inserted later (the message
 * editor, the chat search field, the code hub's rename field). Once per element, after the render
 * has put it in the document.
 */
const focused = new WeakSet<Element>();
const previousDiffed = options.diffed?.bind(options);
options.diffed = (vnode: VNode) => {
  const props = vnode.props as { autoFocus?: unknown };
  // `__e` is Preact's (mangled) reference from a vnode to its DOM element.
  const element = (vnode as VNode & { __e?: Element | null }).__e;
  if (typeof vnode.type === 'string' && props.autoFocus && element && !focused.has(element)) {
    focused.add(element);
    queueMicrotask(() => {
      if (element.isConnected) (element as HTMLElement).focus();
    });
  }
  previousDiffed?.(vnode);
};

/**
 * The component stack of a caught error: React hands it to `componentDidCatch`, Preact only with
 * its debug build. The error boundary reports it to the server (spec 01-core §2), where the
 * administrators' log shows it.
 */
type InternalVNode = VNode & { __?: InternalVNode | null };
type CatchError = (
  error: unknown,
  vnode: InternalVNode,
  oldVNode?: InternalVNode,
  errorInfo?: { componentStack?: string },
) => void;
// `__e` is Preact's (mangled) hook that finds the error boundary above a throwing vnode.
const hooks = options as typeof options & { __e: CatchError };
const previousCatchError = hooks.__e;
hooks.__e = (error, vnode, oldVNode, errorInfo) => {
  const suspends = typeof (error as { then?: unknown } | null)?.then === 'function';
  previousCatchError(
    error,
    vnode,
    oldVNode,
    suspends || errorInfo?.componentStack
      ? errorInfo
      : { ...errorInfo, componentStack: componentStack(vnode) },
  );
};

function componentStack(vnode: InternalVNode | null | undefined) {
  let stack = '';
  for (let node = vnode; node; node = node.__) {
    if (typeof node.type === 'function') {
      const type = node.type as { displayName?: string; name?: string };
      stack += `\n    in ${type.displayName || type.name || 'Anonymous'}`;
    }
  }
  return stack;
}

/**
 * An unmounted component never renders again. When several components of one Suspense boundary
 * wait for the same load (a page's translations) and the user navigates away, Preact's Suspense
 * hands each of them its DOM parent back once the last one is done and re-renders them all,
 * including those already unmounted. Their context is gone, and the first hook that reads one
 * throws ("Cannot read properties of null (reading '__cC15')"). Such a render has nothing to show.
 */
const unmounted = new WeakSet<Component>();
const previousUnmount = options.unmount?.bind(options);
options.unmount = (vnode: VNode) => {
  // `__c` is Preact's (mangled) reference from a vnode to its component.
  const component = (vnode as VNode & { __c?: Component | null }).__c;
  if (component) unmounted.add(component);
  previousUnmount?.(vnode);
};
type Update = (this: Component, ...args: unknown[]) => void;
const prototype = Component.prototype as unknown as Record<'forceUpdate' | 'setState', Update>;
for (const method of ['forceUpdate', 'setState'] as const) {
  const update = prototype[method];
  prototype[method] = function (...args) {
    if (!unmounted.has(this)) update.apply(this, args);
  };
}
