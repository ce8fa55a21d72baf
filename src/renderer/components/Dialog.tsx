import type { ReactNode } from 'react';

/** A modal dialog over the dimmed page, named by its heading (`titleId`); Escape closes it. */
export function Dialog({
  titleId,
  className,
  onEscape,
  children,
}: {
  titleId: string;
  /** Added to `dialog`, for a dialog's own layout. */
  className?: string;
  onEscape: () => void;
  children: ReactNode;
}) {
  return (
    <div className="dialog-backdrop">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={className ? `dialog ${className}` : 'dialog'}
        onKeyDown={(e) => e.key === 'Escape' && onEscape()}
      >
        {children}
      </div>
    </div>
  );
}
