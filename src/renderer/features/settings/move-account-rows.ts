import type { OutcomeParams } from '../../../shared/outcomes/outcome-registry';

/** One line of what a move file would change, as the owner reads it side by side. */
export interface MoveChangeRow {
  /** The routing account's name; null for Settings' own account, and for the routes as a whole. */
  readonly account: string | null;
  readonly what: 'address' | 'username' | 'profile' | 'added' | 'removed' | 'routes';
  /** On this computer now: empty for an account the file adds. For 'routes', 'on' or 'off'. */
  readonly now: string;
  /** In the file: empty for an account the file removes. For 'routes', 'on' or 'off'. */
  readonly file: string;
}

/**
 * The rows of a move_account_confirm answer. Its parameters were read with the registry's own
 * schema where every answer is (desk-api.ts: an error of another shape never reaches a screen), and
 * no zod is loaded here: the window's first script carries none. Settings' account has a row only
 * for what differs.
 */
export function moveAccountRows(p: OutcomeParams<'move_account_confirm'>): MoveChangeRow[] {
  const rows: MoveChangeRow[] = [];
  if (p.baseUrl !== p.currentBaseUrl) rows.push({ account: null, what: 'address', now: p.currentBaseUrl, file: p.baseUrl });
  if (p.username !== p.currentUsername) rows.push({ account: null, what: 'username', now: p.currentUsername, file: p.username });
  if (p.profile !== undefined) rows.push({ account: null, what: 'profile', now: p.currentProfile ?? '', file: p.profile });
  for (const c of p.routing ?? [])
    rows.push({
      account: c.what === 'routes' ? null : c.account,
      what: c.what,
      now: c.what === 'added' ? '' : c.before,
      file: c.what === 'removed' ? '' : c.after,
    });
  return rows;
}
