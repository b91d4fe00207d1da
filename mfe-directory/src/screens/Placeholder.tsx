import { EmptyPage } from './EmptyPage';

export function Placeholder() {
  return <EmptyPage title="Coming soon" message="This screen is not available yet." />;
}
