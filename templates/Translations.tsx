import { useState } from 'react';
import type { TranslationNoticeProps, TranslationStatusProps, TranslationStatusRow } from '../src/shared/route-data';
import type { TranslationState } from '../src/shared/translation-states';
import { translationStateLabels } from '../src/shared/translation-states';
import { safeUrl } from './safe-url';
import { Translated, type TranslationId, useText } from './text';

/** Under a translated page's title: the upstream page changed (or went away) after this translation. */
export function TranslationNotice({ notice }: { notice: TranslationNoticeProps | undefined }) {
  const { t, date } = useText();
  if (!notice) return null;
  const sentence = t(
    notice.state === 'deleted' ? 'theme.translations.notice.deleted' : 'theme.translations.notice.changed',
    { date: date(notice.date) },
  );
  return (
    <p className="translation-notice" role="note">
      {/* One text node: React would put a comment between two. */}
      {notice.historyUrl ? `${sentence} ` : sentence}
      {notice.historyUrl ? (
        <a href={safeUrl(notice.historyUrl)} rel="noopener">
          {t('theme.translations.notice.historyLink')}
        </a>
      ) : null}
    </p>
  );
}

type SortKey = 'title' | 'state' | 'commits' | 'date';

const stateOrder = Object.keys(translationStateLabels) as TranslationState[];

/** Case and accents aside, code point order: the same on the server and in every browser (no locale data). */
const sortKey = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const compareText = (a: string, b: string) => {
  const [x, y] = [sortKey(a), sortKey(b)];
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Rows in the order of a column; ties keep the most urgent state first, then the title. */
export function sortRows(rows: TranslationStatusRow[], key: SortKey, descending: boolean): TranslationStatusRow[] {
  const byState = (a: TranslationStatusRow, b: TranslationStatusRow) =>
    stateOrder.indexOf(a.state) - stateOrder.indexOf(b.state);
  const primary: Record<SortKey, (a: TranslationStatusRow, b: TranslationStatusRow) => number> = {
    title: (a, b) => compareText(a.title, b.title),
    state: byState,
    commits: (a, b) => a.commits - b.commits,
    date: (a, b) => compareText(a.date ?? '', b.date ?? ''),
  };
  return [...rows].sort((a, b) => {
    const first = primary[key](a, b);
    if (first !== 0) return descending ? -first : first;
    return byState(a, b) || compareText(a.title, b.title);
  });
}

const columns: { key: SortKey; label: TranslationId; firstDescending: boolean }[] = [
  { key: 'title', label: 'theme.translations.status.column.page', firstDescending: false },
  { key: 'state', label: 'theme.translations.status.column.state', firstDescending: false },
  { key: 'commits', label: 'theme.translations.status.column.changes', firstDescending: true },
  { key: 'date', label: 'theme.translations.status.column.lastChange', firstDescending: true },
];

const stateLabel = (state: TranslationState): TranslationId => `theme.translations.state.${state}`;

/** Every page with its state against the upstream, sortable by each column; then the pages no one translated. */
export function TranslationStatus({ page }: { page: TranslationStatusProps }) {
  const { t, plural, date } = useText();
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({ key: 'state', descending: false });
  const rows = sortRows(page.rows, sort.key, sort.descending);
  const counts = new Map<TranslationState, number>();
  for (const row of page.rows) counts.set(row.state, (counts.get(row.state) ?? 0) + 1);
  return (
    <div className="container translation-status">
      <article className="markdown">
        <h1>{page.title}</h1>
        <p>
          <Translated
            text={t('theme.translations.status.comparedWith', {
              date: page.head.date
                ? t('theme.translations.status.comparedWithDate', { date: date(page.head.date) })
                : '',
            })}
            parts={{ ref: <code>{page.ref}</code>, sha: <code>{page.head.sha.slice(0, 7)}</code> }}
          />
        </p>
        <ul className="translation-counts">
          {stateOrder
            .filter((state) => counts.has(state))
            .map((state) => (
              <li key={state}>
                <span className={`translation-state translation-state-${state}`}>{t(stateLabel(state))}</span>
                {` ${counts.get(state)}`}
              </li>
            ))}
        </ul>
        <table className="translation-table">
          <thead>
            <tr>
              {columns.map((column) => {
                const active = sort.key === column.key;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : undefined}
                  >
                    <button
                      type="button"
                      className="sort-button"
                      onClick={() =>
                        setSort(
                          active
                            ? { key: column.key, descending: !sort.descending }
                            : { key: column.key, descending: column.firstDescending },
                        )
                      }
                    >
                      {t(column.label)}
                      <span aria-hidden="true">{active ? (sort.descending ? ' ▼' : ' ▲') : ''}</span>
                    </button>
                  </th>
                );
              })}
              <th scope="col">{t('theme.translations.status.column.original')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.file}>
                <td>{row.href ? <a href={row.href}>{row.title}</a> : row.title}</td>
                <td>
                  <span className={`translation-state translation-state-${row.state}`}>{t(stateLabel(row.state))}</span>
                </td>
                <td>
                  {row.commits > 0
                    ? plural('theme.translations.status.changes', row.commits, {
                        commits: row.commits,
                        added: row.added,
                        deleted: row.deleted,
                      })
                    : '–'}
                </td>
                <td>{row.date ? <span title={row.subject}>{date(row.date)}</span> : '–'}</td>
                <td>
                  {row.upstreamPath ? (
                    row.historyUrl ? (
                      <a href={safeUrl(row.historyUrl)} rel="noopener">
                        <code>{row.currentPath ?? row.upstreamPath}</code>
                      </a>
                    ) : (
                      <code>{row.currentPath ?? row.upstreamPath}</code>
                    )
                  ) : (
                    '–'
                  )}
                  {row.currentPath ? (
                    <span className="translation-moved">
                      {t('theme.translations.status.movedFrom', { path: row.upstreamPath ?? '' })}
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {page.untranslated.length > 0 ? (
          <>
            <h2 id="da-tradurre">{t('theme.translations.status.untranslatedTitle')}</h2>
            <ul>
              {page.untranslated.map((u) => (
                <li key={u.path}>
                  {u.historyUrl ? (
                    <a href={safeUrl(u.historyUrl)} rel="noopener">
                      <code>{u.path}</code>
                    </a>
                  ) : (
                    <code>{u.path}</code>
                  )}
                  {u.date ? t('theme.translations.status.untranslatedDate', { date: date(u.date) }) : ''}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </article>
    </div>
  );
}
