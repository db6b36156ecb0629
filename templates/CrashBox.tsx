import { useText } from './text';

/** The crash box ('This page crashed.', a 'Try again' button and the message) instead of a blank page. */
export function CrashBox({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useText();
  return (
    <div className="container narrow page-crashed" role="alert">
      <h1>{t('theme.ErrorPageContent.title')}</h1>
      <button type="button" className="button button-primary" onClick={onRetry}>
        {t('theme.ErrorPageContent.tryAgain')}
      </button>
      <pre className="page-crashed-message">{error.message}</pre>
    </div>
  );
}
