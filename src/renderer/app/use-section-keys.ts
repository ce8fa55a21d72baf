import { useEffect } from 'react';

/**
 * Alt+1 … Alt+N switch the shell's sections in their order (issue 40: no keys to switch screens).
 * By the key's place (`code`), not its character: on a Mac, Option+1 types "¡". Alt with a digit
 * types nothing in a text box on Windows or Linux and no counter key uses it (the counter's keys
 * are bare digits, Enter and Escape). Not while a dialog is open: it holds the keys until closed.
 */
export function useSectionKeys<S extends string>(sections: readonly S[], go: (section: S) => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const digit = /^Digit([1-9])$/.exec(e.code)?.[1];
      const section = digit === undefined ? undefined : sections[Number(digit) - 1];
      if (section === undefined || document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      e.preventDefault();
      go(section);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [sections, go]);
}

/**
 * After a switch by key, the keys go to the screen's first box (the counter focuses its number box
 * itself), else its first button, so the shopkeeper types on at once.
 */
export function focusFirstField(root: ParentNode): void {
  const first = root.querySelector<HTMLElement>('input:not([disabled]):not([type="hidden"]), select, textarea, button:not([disabled])');
  first?.focus();
}
