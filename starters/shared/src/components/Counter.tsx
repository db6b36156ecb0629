import { useState } from 'react';

/** A button that counts its clicks: rendered into the page's HTML at build time, then live in the browser. */
export default function Counter({ label, start = 0 }: { label: string; start?: number }) {
  const [count, setCount] = useState(start);
  return (
    <button type="button" className="counter" onClick={() => setCount(count + 1)}>
      {label}: {count}
    </button>
  );
}
