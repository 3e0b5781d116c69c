import { useEffect } from 'react';
import type { PhoneNotice } from '../../state/phone';

const SHOW_MS = 6000;

/** The phone's push notification: it goes away on its own, like the real thing. */
export function NoticeToast({ notice, onDismiss }: { notice: PhoneNotice | null; onDismiss(): void }) {
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(onDismiss, SHOW_MS);
    return () => clearTimeout(timer);
  }, [notice, onDismiss]);

  if (!notice) return null;
  return (
    <div className="phone-toast" role="status" aria-live="polite" data-testid="phone-notice">
      <span>{notice.text}</span>
      <button type="button" className="phone-toast-close" aria-label="Dismiss notification" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
