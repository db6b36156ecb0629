import { defineConfig } from 'docs-it';

// Only `title` is required; every other key below changes a default (see the README of docs-it).
export default defineConfig({
  title: 'My Docs',
  tagline: 'Documentation written in Markdown, built with docs-it',
  // Before deploying, add the address the site is published at (the sitemap, feeds and canonical links need it):
  // url: 'https://docs.your-project.org',
  navbar: { logo: { alt: 'My Docs logo', src: 'img/logo.svg' } },
  // Components every MDX page can use: the capitalised exports of this module.
  components: 'src/components/index.tsx',
  customCss: ['./src/css/custom.css'],
});
