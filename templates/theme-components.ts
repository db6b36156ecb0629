import { Component, type ComponentType, createContext, createElement, type ReactNode, useContext } from 'react';
import { type ThemeComponentName, type ThemeComponentProps, themeComponentNames } from '../src/shared/theme-components';
import { CrashBox } from './CrashBox';

// Props vary by name; each map is only read through the typed functions below.
type AnyComponent = ComponentType<never>;
const originals = new Map<ThemeComponentName, AnyComponent>();
const originalWrappers = new Map<ThemeComponentName, AnyComponent>();
const themedComponents = new Map<ThemeComponentName, AnyComponent>();
let overrides: Partial<Record<ThemeComponentName, AnyComponent>> = {};

/**
 * The site's overrides, by name: set once before the server renders and before the browser hydrates, so both
 * draw the same tree.
 */
export function setThemeOverrides(site: ThemeOverrideComponents): void {
  overrides = {};
  for (const name of themeComponentNames) {
    const component = site[name];
    if (component) overrides[name] = component as AnyComponent;
  }
}

/**
 * Whether the site overrides the theme's component `name` for the pages' frames (`setThemeOverrides`): an
 * override may read anything of the page, so the server renders it on every page instead of once a build.
 */
export function isThemeOverridden(name: ThemeComponentName): boolean {
  return overrides[name] !== undefined;
}

/** The site's overrides of theme components, by name, as `setThemeOverrides` takes them. */
export type ThemeOverrideComponents = Partial<Record<ThemeComponentName, unknown>>;

/**
 * The overrides a page's content draws, while the markdown compiler renders it: those its compile input names
 * (and none when it names none), whatever this process set for the pages' frames. Outside a page's compile (the
 * server's render, the browser) there is no provider and `setThemeOverrides`'s apply.
 */
export const PageOverridesContext = createContext<ThemeOverrideComponents | undefined>(undefined);

/**
 * The theme's component `name`, as the templates render it: the site's override when it has one, else `Original`.
 * The choice is made at render time, after `setThemeOverrides`.
 */
export function overridable<N extends ThemeComponentName>(
  name: N,
  Original: ComponentType<ThemeComponentProps[N]>,
): ComponentType<ThemeComponentProps[N]> {
  originals.set(name, Original as AnyComponent);
  const Themed = (props: ThemeComponentProps[N]) => {
    const ofPage = useContext(PageOverridesContext);
    const override = (ofPage ? ofPage[name] : overrides[name]) as ComponentType<ThemeComponentProps[N]> | undefined;
    return override
      ? createElement(OverrideBoundary, null, createElement(override, props))
      : createElement(Original, props);
  };
  Themed.displayName = `Theme(${name})`;
  themedComponents.set(name, Themed as AnyComponent);
  return Themed;
}

/** The component `overridable` made for `name`, once its module has run (the browser's islands draw it). */
export function themedComponent<N extends ThemeComponentName>(
  name: N,
): ComponentType<ThemeComponentProps[N]> | undefined {
  return themedComponents.get(name) as ComponentType<ThemeComponentProps[N]> | undefined;
}

/** What `@theme-original/<name>` gives an override: the theme's own component, looked up when it renders. */
export function originalComponent<N extends ThemeComponentName>(name: N): ComponentType<ThemeComponentProps[N]> {
  let wrapper = originalWrappers.get(name) as ComponentType<ThemeComponentProps[N]> | undefined;
  if (!wrapper) {
    const Original = (props: ThemeComponentProps[N]) => {
      const component = originals.get(name) as ComponentType<ThemeComponentProps[N]> | undefined;
      if (!component) throw new Error(`the theme has no component ${name}`);
      return createElement(component, props);
    };
    Original.displayName = `Original(${name})`;
    wrapper = Original;
    originalWrappers.set(name, wrapper as AnyComponent);
  }
  return wrapper;
}

/** Where the server's bundles of overrides find `originalComponent` (`@theme-original/<Name>`). */
export const themeOriginalsGlobal = '__docsItThemeOriginal';

/** Gives the server's bundles of overrides `originalComponent`, before one is imported. */
export function provideThemeOriginals(): void {
  (globalThis as Record<string, unknown>)[themeOriginalsGlobal] = originalComponent;
}

/**
 * Around a site's override in the browser: one that throws shows the theme's crash box in its place, not a blank
 * page (on the server the page's build fails instead, naming the override).
 */
class OverrideBoundary extends Component<{ children: ReactNode }, { error?: Error | undefined }> {
  override state: { error?: Error | undefined } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error) {
    console.error(error);
  }
  override render() {
    return this.state.error
      ? createElement(CrashBox, { error: this.state.error, onRetry: () => this.setState({ error: undefined }) })
      : this.props.children;
  }
}
