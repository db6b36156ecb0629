/*
 * The parts of a Docusaurus site's config beyond plain options: its presets, plugins and themes, read into one
 * view of options (`docs.*`, `blog.*`, `pages.*`, `theme.*`, `themeConfig.*`, `markdown.*`, `preset.*` and the
 * top-level keys) and a list of the plugins docs-it does not run.
 */
import { basename } from 'node:path';
import { functionName, type PlainValue } from './evaluate-module';

type PlainObject = { [key: string]: PlainValue };
const isObject = (v: PlainValue | undefined): v is PlainObject =>
  v !== null && v !== undefined && typeof v === 'object' && !Array.isArray(v) && functionName(v) === undefined;

/** A plugin, preset or theme docs-it does not run, with the text that names it in the config. */
export interface UnknownPlugin {
  kind: 'plugin' | 'preset' | 'theme';
  name: string;
  /** What to look for in the config's source to find its line: its quoted name, or its function's name. */
  needle: string;
  reason: string;
}

const classicPresets = new Set(['classic', '@docusaurus/preset-classic']);
/** Plugins and themes whose work docs-it does itself. */
const builtIn = new Set([
  '@docusaurus/theme-classic',
  'classic',
  '@docusaurus/theme-mermaid',
  '@docusaurus/plugin-sitemap',
]);
const contentPlugins: Record<string, 'docs' | 'blog' | 'pages'> = {
  '@docusaurus/plugin-content-docs': 'docs',
  'content-docs': 'docs',
  '@docusaurus/plugin-content-blog': 'blog',
  'content-blog': 'blog',
  '@docusaurus/plugin-content-pages': 'pages',
  'content-pages': 'pages',
};

/** A plugin entry: `'name'`, `['name', options]`, a function, or `[function, options]`. */
function entryOf(entry: PlainValue): { name: string; needle: string; options: PlainValue } | undefined {
  const [head, options] = Array.isArray(entry) ? [entry[0], entry[1] ?? null] : [entry, null];
  // A local plugin named by its path (`path.resolve(__dirname, 'plugins/x')`): found in the source by its last part.
  if (typeof head === 'string') return { name: head, needle: head.startsWith('/') ? basename(head) : head, options };
  const fn = functionName(head ?? null);
  if (fn !== undefined) return { name: `${fn} (a function)`, needle: fn, options };
  return undefined;
}

export interface ConfigView {
  /** Options by their view name, in the order of the config. */
  options: [string, PlainValue][];
  unknownPlugins: UnknownPlugin[];
}

const containers = ['themeConfig', 'markdown'];

export function viewOf(config: PlainObject): ConfigView {
  const options: [string, PlainValue][] = [];
  const unknownPlugins: UnknownPlugin[] = [];
  const content: Record<'docs' | 'blog' | 'pages' | 'theme', PlainObject | false> = {
    docs: {},
    blog: {},
    pages: {},
    theme: {},
  };
  for (const [key, value] of Object.entries(config)) {
    if (key === 'presets' || key === 'plugins' || key === 'themes') continue;
    if (containers.includes(key) && isObject(value)) {
      for (const [sub, v] of Object.entries(value)) options.push([`${key}.${sub}`, v]);
    } else options.push([key, value]);
  }
  for (const preset of Array.isArray(config.presets) ? config.presets : []) {
    const entry = entryOf(preset);
    if (!entry) continue;
    if (!classicPresets.has(entry.name)) {
      unknownPlugins.push({ kind: 'preset', name: entry.name, needle: entry.needle, reason: 'not run by docs-it' });
      continue;
    }
    const presetOptions = isObject(entry.options) ? entry.options : {};
    for (const [key, value] of Object.entries(presetOptions)) {
      if (key === 'docs' || key === 'blog' || key === 'pages' || key === 'theme') {
        content[key] = value === false ? false : isObject(value) ? value : {};
      } else options.push([`preset.${key}`, value]);
    }
  }
  for (const [kind, list] of [
    ['plugin', config.plugins],
    ['theme', config.themes],
  ] as const) {
    for (const plugin of Array.isArray(list) ? list : []) {
      const entry = entryOf(plugin);
      if (!entry) continue;
      const target = contentPlugins[entry.name];
      const options = isObject(entry.options) ? entry.options : {};
      if (target && (options.id === undefined || options.id === 'default')) {
        content[target] = { ...(content[target] || {}), ...options };
        continue;
      }
      if (builtIn.has(entry.name)) continue;
      unknownPlugins.push({
        kind,
        name: entry.name,
        needle: entry.needle,
        reason: target
          ? `a second ${target} instance (id "${String(options.id)}"): docs-it has one`
          : 'not run by docs-it',
      });
    }
  }
  for (const [group, value] of Object.entries(content)) {
    if (value === false) options.push([group, false]);
    else for (const [key, v] of Object.entries(value)) options.push([`${group}.${key}`, v]);
  }
  return { options, unknownPlugins };
}

/** One option of the view, or undefined. */
export function optionOf(view: ConfigView, name: string): PlainValue | undefined {
  return view.options.find(([key]) => key === name)?.[1];
}
