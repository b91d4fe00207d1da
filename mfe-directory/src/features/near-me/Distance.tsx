import { useMemo } from 'react';
import { useLanguage } from '@zaytoon/web-kit';
import { writesLatinDigits } from '@zaytoon/contract/client';
import { useListMessages } from '../../i18n/list-messages';
import { distanceWords } from './near-point';

/** '0.4 mi' from the point the list is sorted from (decision 0054 says how under 0.1 and from 100 read). */
export function Distance({ miles }: { miles: number }) {
  const t = useListMessages();
  const language = useLanguage();
  const words = distanceWords(miles);
  const format = useMemo(() => {
    if (words.kind === 'under') return null;
    const digits = { minimumFractionDigits: words.decimals, maximumFractionDigits: words.decimals, useGrouping: false };
    return writesLatinDigits(language) ? (value: number) => value.toFixed(words.decimals) : new Intl.NumberFormat(language, digits).format;
  }, [language, words]);
  return (
    <span data-testid="distance" data-miles={miles}>
      {words.kind === 'under' ? t('nearMe.underTenth') : t('nearMe.miles', { miles: format!(words.miles) })}
    </span>
  );
}
