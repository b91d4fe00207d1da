import type { Business } from '@zaytoon/client';

export default function MapView({ businesses }: { businesses: Business[] }) {
  return <div className="zd-card">Map of {businesses.length} businesses coming soon.</div>;
}
