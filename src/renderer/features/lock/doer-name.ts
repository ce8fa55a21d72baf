import type { TFunction } from 'i18next';
import type { Doer } from '../../../shared/lock-schemas';

/** Who did something, as the owner reads it: a named person by name, else "Owner" or "Staff". */
export function doerName(t: TFunction, who: Doer): string {
  if (who.role === 'owner') return t('lock.owner');
  return who.id !== null && who.name ? who.name : t('lock.staff');
}
