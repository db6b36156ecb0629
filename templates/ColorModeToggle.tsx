import { useEffect, useState } from 'react';
import { storage } from './hooks';
import { icons } from './icons';
import { useText } from './text';

type Mode = 'light' | 'dark';

const modeOf = (): Mode => (document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light');

/**
 * Switches light/dark and remembers the choice (other tabs follow through the storage event). A toggle button
 * named "Dark mode" (in the site's language), pressed while the dark mode is on; the tooltip says what a click
 * does. The mode is known only in the browser (the head script sets it before the first paint), so the server
 * renders neither the state nor the tooltip.
 */
export function ColorModeToggle() {
  const { t } = useText();
  const [mode, setMode] = useState<Mode>();
  useEffect(() => {
    setMode(modeOf());
    // Whoever changes the mode (this button, another tab), the button follows.
    const observer = new MutationObserver(() => setMode(modeOf()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  const toggle = () => {
    const next = modeOf() === 'dark' ? 'light' : 'dark';
    document.documentElement.setAttribute('data-theme', next);
    storage().setItem('theme', next);
  };
  return (
    <button
      type="button"
      className="color-mode-toggle"
      onClick={toggle}
      aria-label={t('theme.colorToggle.darkMode')}
      aria-pressed={mode === undefined ? undefined : mode === 'dark' ? 'true' : 'false'}
      title={
        mode === undefined
          ? undefined
          : t(mode === 'dark' ? 'theme.colorToggle.switchToLight' : 'theme.colorToggle.switchToDark')
      }
    >
      <svg className="icon-sun" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path fill="currentColor" d={icons.sun} />
      </svg>
      <svg className="icon-moon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path fill="currentColor" d="M20 15.3A8.5 8.5 0 0 1 8.7 4a8.5 8.5 0 1 0 11.3 11.3Z" />
      </svg>
    </button>
  );
}
