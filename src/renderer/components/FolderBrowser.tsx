import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../shared/ipc/desk-api';
import type { ResponseOf } from '../../shared/ipc/contract';
import type { FileKind } from '../../shared/files-schemas';
import type { IpcError } from '../../shared/result';
import { Dialog } from './Dialog';
import { ErrorBanner } from './ErrorBanner';

type Listing = ResponseOf<'files:list'>;

/**
 * The window's own folder browser, for a shell without an OS dialog: one folder at a time, its
 * folders to open and (choosing a file) its files to pick; main lists the real file system.
 */
export function FolderBrowser({
  desk,
  kind,
  start,
  onPick,
  onCancel,
}: {
  desk: DeskApi;
  kind: FileKind;
  start: string;
  onPick: (path: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [folder, setFolder] = useState(start);
  const [listing, setListing] = useState<Listing | null>(null);
  const [problem, setProblem] = useState<IpcError | null>(null);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    let cancelled = false;
    void desk.files.list({ folder }).then((r) => {
      if (cancelled) return;
      if (r.ok) {
        setListing(r.data);
        setProblem(null);
      } else setProblem(r.error);
    });
    return () => {
      cancelled = true;
    };
  }, [desk, folder]);
  useEffect(() => first.current?.focus(), [listing]);
  return (
    <Dialog titleId="folder-browser-title" className="folder-browser" onEscape={onCancel}>
      <h3 id="folder-browser-title">{kind === 'folder' ? t('files.titleFolder') : t('files.titleFile')}</h3>
      <p className="folder-browser-path">
        <code>{listing?.folder ?? folder}</code>
      </p>
      <ErrorBanner error={problem} />
      <ul className="folder-browser-list" aria-label={t('files.inFolder')}>
        {listing?.parent && (
          <li>
            <button type="button" ref={first} className="button-quiet" onClick={() => setFolder(listing.parent!)}>
              ↑ {t('files.up')}
            </button>
          </li>
        )}
        {listing?.entries
          .filter((e) => e.kind === 'folder' || kind === 'file')
          .map((e) => (
            <li key={e.path}>
              <button type="button" className="button-quiet" onClick={() => (e.kind === 'folder' ? setFolder(e.path) : onPick(e.path))}>
                {/* A folder reads as one in any font: its name and a slash, as file lists write it. */}
                {e.kind === 'folder' ? `${e.name}/` : e.name}
              </button>
            </li>
          ))}
        {listing && listing.entries.length === 0 && <li className="field-hint">{t('files.empty')}</li>}
        {listing?.more && <li className="field-hint">{t('files.more')}</li>}
      </ul>
      <div className="button-row">
        {kind === 'folder' && listing && (
          <button type="button" className="button-primary" onClick={() => onPick(listing.folder)}>
            {t('files.useThisFolder')}
          </button>
        )}
        <button type="button" className="button-secondary" onClick={onCancel}>
          {t('files.cancel')}
        </button>
      </div>
    </Dialog>
  );
}
