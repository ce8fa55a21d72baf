import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fmtFor } from '../../shared/words/word-kit';
import { asLanguage } from '../../shared/language';
import { parseDayText } from './day-text';

/**
 * A day typed as day/month/year in both languages: the browser's own date box shows the PC's
 * locale order (month first on an English PC). A day that cannot be read gets a message and
 * changes nothing; the text stays as typed, never rewritten into another day.
 */
export function DayInput({ label, value, onChange }: { label: string; value: string; onChange: (iso: string) => void }) {
  const { t, i18n } = useTranslation();
  const f = fmtFor(asLanguage(i18n.language));
  const shown = value ? f.day(value) : '';
  const [text, setText] = useState(shown);
  const [problem, setProblem] = useState<'format' | 'noSuchDate' | null>(null);
  const id = useId();
  const box = useRef<HTMLInputElement>(null);
  // A new value from outside (a preset chosen) replaces what is in the box; while the box is being
  // typed in, what is typed stays as it is (the caret does not jump), and is tidied on leaving.
  useEffect(() => {
    if (box.current === document.activeElement) return;
    setText(shown);
    setProblem(null);
  }, [shown]);

  const commit = (typed: string, quiet: boolean) => {
    const read = parseDayText(typed);
    if (read.ok) {
      setProblem(null);
      if (read.iso !== value) onChange(read.iso);
    } else if (!quiet) setProblem(read.problem);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') commit(text, false);
  };
  return (
    // The label beside the box, not around it: a label holding the box would name it with its value too.
    <div className="filter day-input">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={box}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('dayInput.placeholder')}
        value={text}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setProblem(null);
          // A whole day typed is used at once; a part of one waits for the rest.
          commit(e.target.value, true);
        }}
        onKeyDown={onKey}
        onBlur={() => {
          if (text.trim() === '') return;
          commit(text, false);
          const read = parseDayText(text);
          if (read.ok) setText(f.day(read.iso));
        }}
      />
      {problem && (
        <span id={`${id}-problem`} className="form-error" role="alert">
          {problem === 'format' ? t('dayInput.format') : t('dayInput.noSuchDate', { text: text.trim() })}
        </span>
      )}
    </div>
  );
}
