import type { PeopleDay } from '../../../shared/people-day-schemas';
import { PEOPLE_DAY_LIMIT } from '../../../shared/people-day-limit';
import type { DayActionRow } from '../ledger/done-by-sql';

/**
 * The owner's day by person (issue 38 item 2): sales add up to one line each, and every other
 * action (a payment, a correction, a give-back, a UPI marked, a count, a complaint, a change of
 * settings) is listed as it was done. A person is their id: a rename the same day stays one person,
 * under the newest name.
 */
export function peopleDay(day: string, rows: readonly DayActionRow[], limit = PEOPLE_DAY_LIMIT): PeopleDay {
  const people = new Map<string, PeopleDay['people'][number]>();
  for (const r of rows.slice(0, limit)) {
    const key = `${r.role}:${r.personId ?? ''}`;
    const person = people.get(key) ?? {
      who: { id: r.personId, name: r.personName, role: r.role },
      sales: { count: 0, amount: 0 },
      actions: [],
    };
    person.who = { ...person.who, name: r.personName };
    if (r.action === 'sale') {
      person.sales.count += 1;
      person.sales.amount += r.amount ?? 0;
    } else {
      person.actions.push({ at: r.at, action: r.action, ref: r.ref, kind: r.kind, amount: r.amount, number: r.number });
    }
    people.set(key, person);
  }
  return { day, people: [...people.values()], truncated: rows.length > limit };
}
