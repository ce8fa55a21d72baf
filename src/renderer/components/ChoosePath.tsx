import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../shared/ipc/desk-api';
import type { FileKind } from '../../shared/files-schemas';
import type { IpcError } from '../../shared/result';
import { ErrorBanner } from './ErrorBanner';
import { FolderBrowser } from './FolderBrowser';

/**
 * "Choose…" beside a typed path: the OS dialog in the app; where the shell has none (the web
 * harness), the window's own browser over the same file system. The box stays typeable.
 */
export function ChoosePath({
  desk,
  kind,
  current,
  onChosen,
  label,
}: {
  desk: DeskApi;
  kind: FileKind;
  /** What the box holds now: the dialog starts there. */
  current: string;
  onChosen: (path: string) => void;
  /** Names the box it fills, for a screen reader ("Choose… the second backup folder"). */
  label: string;
}) {
  const { t } = useTranslation();
  const [browseFrom, setBrowseFrom] = useState<string | null>(null);
  const [problem, setProblem] = useState<IpcError | null>(null);
  const choose = async () => {
    setProblem(null);
    const r = await desk.files.choose({ kind, start: current.trim() });
    if (!r.ok) setProblem(r.error);
    else if (r.data.way === 'browse') setBrowseFrom(r.data.folder);
    else if (r.data.path) onChosen(r.data.path);
  };
  return (
    <>
      <button type="button" className="button-secondary choose-path" onClick={() => void choose()}>
        {t('files.choose')}
        {/* Said by a screen reader, not shown: which box it fills. */}
        <span className="visually-hidden"> {label}</span>
      </button>
      <ErrorBanner error={problem} />
      {browseFrom !== null && (
        <FolderBrowser
          desk={desk}
          kind={kind}
          start={browseFrom}
          onPick={(path) => {
            setBrowseFrom(null);
            onChosen(path);
          }}
          onCancel={() => setBrowseFrom(null)}
        />
      )}
    </>
  );
}

/** A typed path with "Choose…" beside it: the label names the box, and the button fills it. */
export function PathField({
  desk,
  id,
  kind,
  label,
  value,
  onChange,
}: {
  desk: DeskApi;
  id: string;
  kind: FileKind;
  label: string;
  value: string;
  onChange: (path: string) => void;
}) {
  return (
    <div className="path-row">
      <label className="filter" htmlFor={id}>
        <span>{label}</span>
        <input id={id} value={value} onChange={(e) => onChange(e.target.value)} spellCheck={false} />
      </label>
      <ChoosePath desk={desk} kind={kind} current={value} onChosen={onChange} label={label} />
    </div>
  );
}
