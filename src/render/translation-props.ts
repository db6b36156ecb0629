import type { SiteConfig } from '../config/site-schema';
import type { ContentModel, TranslationModel } from '../content/build-content-model';
import { type InterfaceText, translatorOf } from '../shared/i18n/interface-text';
import type { TranslationNoticeProps, TranslationStatusProps } from '../shared/route-data';
import type { PageStatus } from '../translations/translation-status';

/** An upstream URL template (`…/{path}`) filled with an upstream file's path. */
export const upstreamUrlOf = (template: string, upstreamPath: string) =>
  template.replace('{path}', () => upstreamPath.split('/').map(encodeURIComponent).join('/'));

const historyUrlOf = (site: SiteConfig, upstreamPath: string | undefined) =>
  upstreamPath && site.translations?.historyUrl ? upstreamUrlOf(site.translations.historyUrl, upstreamPath) : undefined;

/** The notice under a page's title, when its upstream page changed after the translation (else nothing). */
export function translationNoticeOf(
  translations: TranslationModel | undefined,
  file: string,
  site: SiteConfig,
): TranslationNoticeProps | undefined {
  const status = translations?.byFile[file];
  if (!status?.newest) return undefined;
  if (status.state !== 'changed' && status.state !== 'moved' && status.state !== 'deleted') return undefined;
  const historyUrl = historyUrlOf(site, status.currentPath ?? status.upstream?.path);
  return { state: status.state, date: status.newest.date.slice(0, 10), ...(historyUrl ? { historyUrl } : {}) };
}

/** The status page: every page with its state, and the upstream pages no page follows. */
export function translationStatusProps(
  translations: TranslationModel,
  model: ContentModel,
  site: SiteConfig,
  text: InterfaceText,
): TranslationStatusProps {
  const { t } = translatorOf(text);
  const { report } = translations;
  const routes = new Set(model.routes.map((r) => r.path));
  const rowOf = (page: PageStatus) => {
    const historyUrl = historyUrlOf(site, page.currentPath ?? page.upstream?.path);
    return {
      file: page.file,
      title: page.title ?? page.file,
      ...(page.route && routes.has(page.route) ? { href: page.route } : {}),
      state: page.state,
      ...(page.upstream ? { upstreamPath: page.upstream.path } : {}),
      ...(page.currentPath && page.currentPath !== page.upstream?.path ? { currentPath: page.currentPath } : {}),
      commits: page.commits,
      added: page.added,
      deleted: page.deleted,
      ...(page.newest && page.commits > 0 ? { date: page.newest.date.slice(0, 10), subject: page.newest.subject } : {}),
      ...(historyUrl ? { historyUrl } : {}),
    };
  };
  return {
    kind: 'translation-status',
    path: translations.route,
    title: t('theme.translations.status.title'),
    description: t('theme.translations.status.description'),
    ref: report.ref,
    head: { sha: report.head.sha, date: report.head.date.slice(0, 10) },
    rows: report.pages.map(rowOf),
    untranslated: report.untranslated.map((u) => {
      const historyUrl = historyUrlOf(site, u.path);
      return {
        path: u.path,
        ...(u.newest ? { date: u.newest.date.slice(0, 10) } : {}),
        ...(historyUrl ? { historyUrl } : {}),
      };
    }),
  };
}
