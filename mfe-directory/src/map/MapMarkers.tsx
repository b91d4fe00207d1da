import { memo, useMemo, useState } from 'react';
import { Marker, Popup, useMap } from 'react-leaflet';
import type { MapBusiness, MapCluster } from '@zaytoon/contract/client';
import type { MapMarker } from '../features/directory/api/get-map-tiles';
import { useBusiness } from '../features/directory/api/get-business';
import { useCount, useMessages } from '../i18n/messages';
import { BusinessPopup, BusinessPopupPending } from './BusinessPopup';
import { L } from './leafletSetup';
import mapStyles from './MapView.module.css';

const clusterIcons = new Map<number, L.DivIcon>();

/** A round badge with the count (a number from the server: no markup from data reaches innerHTML). */
function clusterIcon(count: number): L.DivIcon {
  const value = Math.max(0, Math.trunc(Number(count) || 0));
  const size = value < 10 ? 34 : value < 100 ? 42 : value < 1000 ? 52 : 60;
  let icon = clusterIcons.get(value);
  if (!icon) {
    icon = L.divIcon({ html: `<span data-testid="map-cluster">${value}</span>`, className: mapStyles.cluster, iconSize: [size, size] });
    clusterIcons.set(value, icon);
  }
  return icon;
}

/** A cluster: its count; a click zooms to where it splits (the server's expansion_zoom). */
const ClusterMarker = memo(function ClusterMarker({ cluster }: { cluster: MapCluster }) {
  const map = useMap();
  const t = useMessages();
  const label = t('directory.count', useCount()(cluster.count));
  const handlers = useMemo(
    () => ({ click: () => map.setView([cluster.lat, cluster.lng], cluster.expansion_zoom) }),
    [map, cluster.lat, cluster.lng, cluster.expansion_zoom],
  );
  return <Marker position={[cluster.lat, cluster.lng]} icon={clusterIcon(cluster.count)} title={label} alt={label} eventHandlers={handlers} />;
});

/** One business: its popup fetches the business's fields when it first opens. */
const BusinessMarker = memo(function BusinessMarker({ item, isAdmin }: { item: MapBusiness; isAdmin: boolean }) {
  const [opened, setOpened] = useState(false);
  const detail = useBusiness(item.id, { enabled: opened });
  const handlers = useMemo(() => ({ popupopen: () => setOpened(true) }), []);
  return (
    <Marker position={[item.lat, item.lng]} title={item.name} alt={item.name} eventHandlers={handlers}>
      <Popup>
        {detail.data ? (
          <BusinessPopup business={detail.data} isAdmin={isAdmin} />
        ) : (
          <BusinessPopupPending id={item.id} name={item.name} failed={detail.isError} />
        )}
      </Popup>
    </Marker>
  );
});

export const MapMarkers = memo(function MapMarkers({ items, isAdmin }: { items: readonly MapMarker[]; isAdmin: boolean }) {
  return (
    <>
      {items.map((item) =>
        item.kind === 'cluster' ? <ClusterMarker key={item.key} cluster={item} /> : <BusinessMarker key={item.key} item={item} isAdmin={isAdmin} />,
      )}
    </>
  );
});
