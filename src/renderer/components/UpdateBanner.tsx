import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskApi } from '../../shared/ipc/desk-api';
import { errorText } from '../i18n/setup';

/** "A new version is ready": the shopkeeper chooses when to restart, never mid-recharge. */
export function UpdateBanner({ desk }: { desk: DeskApi }) {
  const { t } = useTranslation();
  const [version, setVersion] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void desk.app.update().then((r) => r.ok && r.data.status === 'ready' && setVersion(r.data.version));
    return desk.on('app:updateReady', ({ version: v }) => setVersion(v));
  }, [desk]);
  if (!version) return null;
  const restart = async () => {
    const r = await desk.app.restartToUpdate();
    if (!r.ok) setError(errorText(t, r.error));
  };
  return (
    <div className="update-banner" role="status">
      <span>{t('update.ready', { version })}</span>
      <button type="button" className="button-primary" onClick={() => void restart()}>
        {t('update.restart')}
      </button>
      {error && <span className="update-error">{error}</span>}
    </div>
  );
}
