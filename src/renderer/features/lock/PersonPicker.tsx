import { useRef, type KeyboardEvent, type Ref } from 'react';

export interface PersonChoice {
  /** undefined is the owner (who signs in with the owner PIN). */
  readonly id: number | undefined;
  readonly label: string;
}

/** Letters typed within this long of each other find one name together ("ra" finds Ravi). */
const TYPE_AHEAD_MS = 800;

/**
 * "Who is at the counter?": a list moved through by arrow keys or by typing the first letters of a
 * name; Enter (or a click) goes on to the PIN. Keyboard first: a shift change is a few keys.
 */
export function PersonPicker({
  labelId,
  choices,
  selected,
  onSelect,
  onChosen,
  listRef,
}: {
  labelId: string;
  choices: readonly PersonChoice[];
  selected: number;
  onSelect: (index: number) => void;
  onChosen: () => void;
  listRef: Ref<HTMLUListElement>;
}) {
  const typed = useRef({ text: '', at: 0 });
  const onKey = (e: KeyboardEvent) => {
    const last = choices.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(last, selected + 1),
      ArrowUp: Math.max(0, selected - 1),
      Home: 0,
      End: last,
    };
    const to = moves[e.key];
    if (to !== undefined) {
      e.preventDefault();
      onSelect(to);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      onChosen();
    } else if (e.key.length === 1 && !e.ctrlKey && !e.altKey && !e.metaKey) {
      const now = Date.now();
      const text = (now - typed.current.at < TYPE_AHEAD_MS ? typed.current.text : '') + e.key.toLocaleLowerCase();
      typed.current = { text, at: now };
      const found = choices.findIndex((c) => c.label.toLocaleLowerCase().startsWith(text));
      if (found >= 0) onSelect(found);
    }
  };
  return (
    <ul
      ref={listRef}
      className="person-picker"
      role="listbox"
      tabIndex={0}
      aria-labelledby={labelId}
      aria-activedescendant={`person-${selected}`}
      onKeyDown={onKey}
    >
      {choices.map((c, i) => (
        <li
          key={c.id ?? 'owner'}
          id={`person-${i}`}
          role="option"
          aria-selected={i === selected}
          className={i === selected ? 'is-selected' : undefined}
          onClick={() => {
            onSelect(i);
            onChosen();
          }}
        >
          {c.label}
        </li>
      ))}
    </ul>
  );
}
