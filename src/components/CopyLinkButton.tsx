// Copies an absolute link to an app URL, and says whether it worked.
import { useEffect, useState } from 'react';

type Status = 'idle' | 'copied' | 'failed';

export function CopyLinkButton({ path, label }: { path: string; label: string }) {
  const [status, setStatus] = useState<Status>('idle');

  useEffect(() => {
    if (status === 'idle') return;
    const timer = setTimeout(() => setStatus('idle'), 2500);
    return () => clearTimeout(timer);
  }, [status]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(new URL(path, window.location.origin).href);
      setStatus('copied');
    } catch {
      setStatus('failed');
    }
  }

  return (
    <span className="copy-link">
      <button type="button" className="link-button" onClick={() => void copy()} aria-label={label}>
        Copy link
      </button>
      <span role="status" className="copy-status">
        {status === 'copied' ? 'Link copied' : status === 'failed' ? 'Could not copy: use the number’s link' : ''}
      </span>
    </span>
  );
}
