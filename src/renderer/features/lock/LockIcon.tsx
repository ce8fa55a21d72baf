/** A padlock drawn inline: the bundled fonts have no emoji, and a box in its place says nothing. */
export function LockIcon({ open = false }: { open?: boolean }) {
  return (
    <svg className="lock-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path d={open ? 'M5 7V4.5a3 3 0 0 1 5.8-1' : 'M5 7V4.5a3 3 0 0 1 6 0V7'} fill="none" stroke="currentColor" strokeWidth="1.6" />
      <rect x="3" y="7" width="10" height="7" rx="1.2" fill="currentColor" />
    </svg>
  );
}
