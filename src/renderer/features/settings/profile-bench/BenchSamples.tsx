import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../../shared/ipc/contract';

type Sample = NonNullable<ResponseOf<'profile:bench'>['samples']>[number];

/** Each sample of the profile as the app reads it: what it says, what it was read as, a tick or a cross. */
export function BenchSamples({ samples }: { samples: readonly Sample[] }) {
  const { t } = useTranslation();
  return (
    <table className="report-table bench-samples" aria-labelledby="bench-samples-title">
      <caption id="bench-samples-title">{t('bench.samples')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('profile.sampleCall')}</th>
          <th scope="col">{t('profile.sampleNote')}</th>
          <th scope="col">{t('bench.says')}</th>
          <th scope="col">{t('bench.read')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('bench.read')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {samples.map((s, i) => {
          const ok = s.read === s.expected;
          return (
            <tr key={i} className={ok ? undefined : 'test-bad'}>
              <td>{t(`profile.call.${s.call}`)}</td>
              <td translate="no">{s.note}</td>
              <td>{t(`profile.reads.${s.expected}`)}</td>
              <td>{t(`profile.reads.${s.read}`)}</td>
              <td>
                <span aria-hidden="true">{ok ? '✓' : '✕'}</span>
                <span className="visually-hidden">{t(ok ? 'bench.ok' : 'bench.bad')}</span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
