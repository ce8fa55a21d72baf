import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../../shared/ipc/contract';
import { asLanguage } from '../../../../shared/language';

type Host = NonNullable<ResponseOf<'profile:bench'>['hosts']>[number];

/** Every address the profile sends to, each confirmed by the owner; one changed since the saved version says from what. */
export function BenchHosts({
  hosts,
  confirmed,
  onConfirm,
}: {
  hosts: readonly Host[];
  confirmed: ReadonlySet<string>;
  onConfirm: (name: string, yes: boolean) => void;
}) {
  const { t } = useTranslation();
  const lang = asLanguage(t('meta.language'));
  return (
    <fieldset className="bench-hosts">
      <legend>{t('bench.hosts')}</legend>
      {hosts.map((h) => (
        <div key={h.name} className={h.changed ? 'bench-host bench-host-changed' : 'bench-host'}>
          <p>
            <strong translate="no">{h.label[lang]}</strong>:{' '}
            {h.url === null ? (
              t('bench.typed')
            ) : (
              <code className="mono" translate="no">
                {h.url}
              </code>
            )}
          </p>
          <p className="field-hint">
            {t('bench.usedBy')} {h.calls.map((c) => t(`profile.call.${c}`)).join(', ')}
          </p>
          {h.changed && (
            <p className="test-bad">
              {t('bench.changed')}{' '}
              {h.was === null || h.was === undefined ? (
                t('bench.typed')
              ) : (
                <code className="mono" translate="no">
                  {h.was}
                </code>
              )}
            </p>
          )}
          <label>
            <input type="checkbox" checked={confirmed.has(h.name)} onChange={(e) => onConfirm(h.name, e.target.checked)} />{' '}
            {t('bench.confirm')}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
