import type { IpcError } from '../../shared/result';
import { OutcomeText } from './OutcomeText';

/** A failure main reported, in the screen's language from the one catalogue; nothing when there is none. */
export function ErrorBanner({ error, className }: { error: IpcError | null | undefined; className?: string }) {
  if (!error) return null;
  return (
    <p role="alert" className={className ? `error-banner ${className}` : 'error-banner'}>
      <OutcomeText outcome={error} />
    </p>
  );
}
