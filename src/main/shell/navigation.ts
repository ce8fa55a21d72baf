import { isAllowedExternalUrl } from '../core/security/external-links';
import { APP_ENTRY_URL } from './app-origin';

export type NavigationDecision = 'allow' | 'open-externally' | 'block';

/**
 * Where the window may go: only to the app's own entry page (a reload of it); an allowlisted
 * https link goes to the system browser instead; anything else (file:, other origins, other
 * schemes, the app origin's other files) is refused.
 */
export function decideNavigation(url: string, entryUrl: string = APP_ENTRY_URL): NavigationDecision {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return 'block';
  }
  const entry = new URL(entryUrl);
  if (target.protocol === entry.protocol && target.host === entry.host && target.pathname === entry.pathname && !target.username)
    return 'allow';
  return isAllowedExternalUrl(url) ? 'open-externally' : 'block';
}
