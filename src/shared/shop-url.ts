/**
 * True when a shop ledger address carries a password: in its user part (`user:secret@`), or as a
 * parameter whose name holds "password" in any case or encoding (`?password=`, `?PassWord=`,
 * `?sslpassword=`). Such an address would be kept in settings.json and go on into diagnostics,
 * backups, the move file and the status screen; the password belongs in its vault entry.
 */
export function shopUrlHasPassword(text: string): boolean {
  let u: URL;
  try {
    u = new URL(text.trim());
  } catch {
    // Not an address at all: refused by its shape elsewhere; a secret-looking part still counts.
    return /password/i.test(text) || /\/\/[^/@]*:[^/@]*@/.test(text);
  }
  if (u.password !== '') return true;
  for (const key of u.searchParams.keys()) if (key.toLowerCase().includes('password')) return true;
  return false;
}

/**
 * The address with any password taken out (user part and parameters), for settings read from a
 * file and for the status screen; an address without one comes back as it was.
 */
export function withoutShopPassword(text: string): string {
  if (!shopUrlHasPassword(text)) return text;
  let u: URL;
  try {
    u = new URL(text.trim());
  } catch {
    return '';
  }
  u.password = '';
  for (const key of [...u.searchParams.keys()]) if (key.toLowerCase().includes('password')) u.searchParams.delete(key);
  return u.toString();
}
