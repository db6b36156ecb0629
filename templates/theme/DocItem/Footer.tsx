import type { DocItemFooterProps } from '../../../src/shared/theme-components';
import { icons } from '../../icons';
import { safeUrl } from '../../safe-url';
import { Translated, useText } from '../../text';
import { overridable } from '../../theme-components';

/** The end of a doc page: "edit this page" and when it was last changed, when the site gives them. */
export function DocItemFooterOriginal({ editUrl, lastUpdate }: DocItemFooterProps) {
  const { t, date } = useText();
  if (!editUrl && !lastUpdate) return null;
  return (
    <footer className="page-meta">
      {editUrl ? (
        <a className="edit-link" href={safeUrl(editUrl)} target="_blank" rel="noopener noreferrer">
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path fill="currentColor" d={icons.edit} />
          </svg>
          {t('theme.common.editThisPage')}
        </a>
      ) : null}
      {lastUpdate ? (
        <span className="last-update">
          <Translated
            text={t('theme.lastUpdated.lastUpdatedAtBy')}
            parts={{
              atDate: lastUpdate.date ? (
                <Translated
                  text={t('theme.lastUpdated.atDate')}
                  parts={{ date: <time dateTime={lastUpdate.date}>{date(lastUpdate.date)}</time> }}
                />
              ) : null,
              byUser: lastUpdate.author ? t('theme.lastUpdated.byUser', { user: lastUpdate.author }) : null,
            }}
          />
        </span>
      ) : null}
    </footer>
  );
}

export const DocItemFooter = overridable('DocItem/Footer', DocItemFooterOriginal);
