import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LibraryEntry, LibraryProfileId } from '../../../../shared/profiles/library/library-profiles';
import { useFormat } from '../../../hooks/use-format';

type Library = { entries: LibraryEntry[]; file: (id: LibraryProfileId) => unknown };

/**
 * The library of real providers' profiles (issue 36 item 8): the owner picks their provider, sees
 * the document it was written from, its date and what was checked against it, and opens it in the
 * workbench, where it is read and confirmed like any file before it is kept. Loaded when Settings
 * shows it: the profiles and their reader are not the counter's to carry.
 */
export function LibraryPicker({ onOpen }: { onOpen: (text: string) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [library, setLibrary] = useState<Library | null>(null);
  const [id, setId] = useState<LibraryProfileId | ''>('');
  useEffect(() => {
    let live = true;
    void import('../../../../shared/profiles/library/library-profiles').then((m) => {
      if (live) setLibrary({ entries: m.libraryEntries(), file: m.libraryProfileFile });
    });
    return () => {
      live = false;
    };
  }, []);
  if (!library) return null;
  const entry = library.entries.find((e) => e.id === id);
  return (
    <div className="bench-library" role="group" aria-labelledby="bench-library-title">
      <h5 id="bench-library-title">{t('bench.library.title')}</h5>
      <label className="filter" htmlFor="bench-library">
        <span>{t('bench.library.pick')}</span>
        <select id="bench-library" value={id} onChange={(e) => setId(e.target.value as LibraryProfileId | '')}>
          <option value="">{t('bench.library.none')}</option>
          {library.entries.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
            </option>
          ))}
        </select>
      </label>
      {entry && (
        <>
          <p className="field-hint">
            {t('bench.library.source', { date: f.date(Date.parse(`${entry.source.date}T12:00:00+05:30`)) })}{' '}
            <span translate="no">{entry.source.title}</span>
            {entry.source.url && (
              <>
                {' · '}
                <code translate="no">{entry.source.url}</code>
              </>
            )}
          </p>
          {entry.source.checked.length > 0 && (
            <>
              <p className="field-hint">{t('bench.library.checked')}</p>
              <ul className="bench-library-checked" translate="no">
                {entry.source.checked.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            </>
          )}
          <button type="button" className="button-secondary" onClick={() => onOpen(JSON.stringify(library.file(entry.id), null, 2))}>
            {t('bench.library.open', { name: entry.name })}
          </button>
        </>
      )}
    </div>
  );
}
