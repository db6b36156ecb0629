import { storage } from './hooks';
import { icons } from './icons';

/** Switches light/dark and remembers the choice (other tabs follow through the storage event). */
export function ColorModeToggle() {
  const toggle = () => {
    const next = document.documentElement.getAttribute('data-theme') === 'dark' ? 'light' : 'dark';
    document.documentElement.setAttribute('data-theme', next);
    storage().setItem('theme', next);
  };
  return (
    <button
      type="button"
      className="color-mode-toggle"
      onClick={toggle}
      aria-label="Cambia tema (chiaro/scuro)"
      title="Cambia tema (chiaro/scuro)"
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
