import { useMessages } from '../i18n/messages';
import { EmptyPage } from './EmptyPage';

export function Placeholder() {
  const t = useMessages();
  return <EmptyPage title={t('common.comingSoon')} message={t('common.notAvailable')} />;
}
