/**
 * A link to hand to someone (an invitation's), or another value to copy (a new API token's
 * secret, `noun` saying which): shown read-only with a Copy button, and what came of copying
 * announced (the clipboard can be refused: then select it and copy).
 */
import { useId, useState } from 'react';
import './members.css';

export function CopyLink({ url, label, noun = 'link' }: { url: string; label: string; noun?: string }) {
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <span className="copy-link">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input id={id} className="invite-url" readOnly value={url} onFocus={(e) => e.target.select()} />
      <button type="button" className="button button-small" onClick={() => void copy()}>
        Copy<span className="visually-hidden"> {label}</span>
      </button>
      <span aria-live="polite" className="muted">
        {copied === 'yes' ? 'Copied' : copied === 'failed' ? `Select the ${noun} and copy it` : ''}
      </span>
    </span>
  );
}
