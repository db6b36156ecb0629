/** localStorage, or a no-op store with a console warning when the browser refuses storage. */
export function safeStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    const probe = '__docs_it_probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch (error) {
    console.warn('localStorage non disponibile: le preferenze non saranno salvate.', error);
    return { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
  }
}
