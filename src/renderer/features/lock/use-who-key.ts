import { useEffect } from 'react';

/** The key that opens "Who is at the counter?" from any screen; Alt+1… are the sections. */
export const WHO_KEY = 'Alt+0';

/**
 * Alt+0 opens "Who is at the counter?" (issue 38): a shift change is all keys. By the key's place
 * (`code`), like the section keys, and not while another dialog holds the keys.
 */
export function useWhoKey(enabled: boolean, open: () => void): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || e.code !== 'Digit0') return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      e.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, open]);
}
