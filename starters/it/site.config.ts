import { defineConfig } from 'docs-it';

// Only `title` is required; every other key below changes a default (see the README of docs-it).
export default defineConfig({
  title: 'La mia documentazione',
  tagline: 'Documentazione scritta in Markdown, costruita con docs-it',
  // Before deploying, add the address the site is published at (the sitemap, feeds and canonical links need it):
  // url: 'https://docs.il-tuo-progetto.it',
  i18n: { defaultLocale: 'it' },
  docs: { version: { label: 'Attuale' } },
  navbar: { logo: { alt: 'Logo della documentazione', src: 'img/logo.svg' } },
  // Components every MDX page can use: the capitalised exports of this module.
  components: 'src/components/index.tsx',
  customCss: ['./src/css/custom.css'],
});
