import { useEffect, useState, type ComponentType } from "react";

/**
 * A component whose code loads once it is mounted and which draws nothing until then — for
 * what a page has beside its screen (settings effects, prompts, the sync indicator). Unlike
 * `lazy` it never suspends: a suspended `lazy` shows its fallback, and React then holds back
 * every Suspense reveal for up to 300 ms, the hydration of a server-rendered screen included
 * (it waits behind the pending retry), so the screen's own data reads would start late.
 * Code that fails to load leaves the page as it is and says so in the console.
 */
export function loadedAfterMount<P extends object>(load: () => Promise<ComponentType<P>>, what: string): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  return function LoadedAfterMount(props: P) {
    const [Component, setComponent] = useState(() => loaded);
    useEffect(() => {
      if (Component) return;
      let mounted = true;
      load().then(
        (component) => {
          loaded = component;
          if (mounted) setComponent(() => component);
        },
        (error: unknown) => console.warn(`CleanSpace: ${what} could not be loaded`, error),
      );
      return () => {
        mounted = false;
      };
    }, [Component]);
    return Component ? <Component {...props} /> : null;
  };
}
