import { useCallback, useState } from 'react';

/**
 * Copies text to the clipboard and says whether it worked. navigator.clipboard is absent outside a
 * secure context (the UI served beyond loopback over http): then `copied` is 'no'.
 */
export function useClipboardCopy(): { copied: 'yes' | 'no' | null; copy(text: string): void } {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = useCallback((text: string): void => {
    if (!('clipboard' in navigator)) {
      setCopied('no');
      return;
    }
    navigator.clipboard.writeText(text).then(
      () => setCopied('yes'),
      () => setCopied('no'),
    );
  }, []);
  return { copied, copy };
}
