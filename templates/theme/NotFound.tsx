import type { NotFoundPageProps } from '../../src/shared/theme-components';
import { useText } from '../text';
import { overridable } from '../theme-components';

/** The page every unknown path shows: the site's own `404.md`, or a short default with a way back home. */
function NotFoundOriginal({ page, baseUrl }: NotFoundPageProps) {
  const { t } = useText();
  return (
    <div className="container narrow not-found">
      <h1>{page.title}</h1>
      {page.contentHtml ? (
        <div className="content markdown" dangerouslySetInnerHTML={{ __html: page.contentHtml }} />
      ) : (
        <div className="not-found-text">
          <p>{t('theme.NotFound.p1')}</p>
          <p>
            <a href={baseUrl}>{t('theme.NotFound.homeLink')}</a>
          </p>
        </div>
      )}
    </div>
  );
}

export const NotFound = overridable('NotFound', NotFoundOriginal);
