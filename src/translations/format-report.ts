import { printable } from '../shared/terminal-text';
import { translationStateLabels } from '../shared/translation-states';
import type { PageState, PageStatus, TranslationReport } from './translation-status';

/**
 * How each state reads in the report: the CLI speaks English (the site's status page shows the site's own
 * labels, `translationStateLabels`, whose order both follow).
 */
const stateLabels: Record<PageState, string> = {
  deleted: 'deleted',
  moved: 'moved',
  changed: 'changed',
  untracked: 'no source',
  'up-to-date': 'up to date',
  own: 'own page',
};
const stateOrder = Object.keys(translationStateLabels) as PageState[];

const short = (sha: string) => sha.slice(0, 7);
const day = (iso: string) => iso.slice(0, 10);
const commitText = (commit: { sha: string; subject: string }) => `${short(commit.sha)} «${commit.subject}»`;

function detail(page: PageStatus): string {
  const up = page.upstream;
  if (!up) return page.state === 'own' ? '' : '(no `upstream` in the front matter)';
  const since = `since ${short(up.commit)}`;
  const lines = `+${page.added} −${page.deleted} lines`;
  const newest = page.newest
    ? `; newest ${day(page.newest.date)} ${short(page.newest.sha)} «${page.newest.subject}»`
    : '';
  const commits = `${page.commits} ${page.commits === 1 ? 'commit' : 'commits'}`;
  switch (page.state) {
    case 'up-to-date':
      return `← ${up.path}`;
    case 'changed':
      return `← ${up.path}: ${commits}, ${lines} ${since}${newest}`;
    case 'moved':
      return `← ${up.path}, now ${page.currentPath}: ${commits}, ${lines} ${since}${newest}`;
    case 'deleted':
      if (!page.newest) return `← ${up.path}: deleted`;
      return `← ${up.path}: deleted on ${day(page.newest.date)} in ${commitText(page.newest)}`;
    default:
      return '';
  }
}

/**
 * The report `docs-it translations` prints: one line per page, the pages no one translated, a summary. Commit
 * subjects and file names come from the upstream history: each line is printed with its control characters
 * escaped, so an escape sequence in a subject cannot rewrite the terminal.
 */
export function formatReport(report: TranslationReport): string {
  const width = Math.max(...Object.values(stateLabels).map((l) => l.length));
  const fileWidth = Math.max(0, ...report.pages.map((p) => p.file.length));
  const lines: string[] = [
    `Upstream: ${report.ref} (${short(report.head.sha)}${report.head.date ? ` of ${day(report.head.date)}` : ''})`,
    '',
  ];
  for (const page of report.pages) {
    const text = `${stateLabels[page.state].padEnd(width)}  ${page.file.padEnd(fileWidth)}  ${detail(page)}`;
    lines.push(text.trimEnd());
  }
  if (report.untranslated.length > 0) {
    lines.push('', `Upstream pages no page follows (${report.untranslated.length}):`);
    for (const page of report.untranslated) {
      lines.push(`  ${page.path}${page.newest ? `  (newest commit ${day(page.newest.date)})` : ''}`);
    }
  }
  const counts = new Map<PageState, number>();
  for (const page of report.pages) counts.set(page.state, (counts.get(page.state) ?? 0) + 1);
  const parts = stateOrder.map((s) => `${counts.get(s) ?? 0} ${stateLabels[s]}`);
  lines.push('', `Summary: ${parts.join(', ')}; ${report.untranslated.length} upstream pages without a translation.`);
  return lines.map(printable).join('\n');
}
