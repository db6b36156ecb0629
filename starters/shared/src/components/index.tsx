// Every capitalised export of this module is a component every MDX page can use without importing it.
export { default as Counter } from './Counter';
