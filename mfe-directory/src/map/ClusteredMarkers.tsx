import { useCallback, useEffect, useMemo, useState } from 'react';
import { Marker, Popup, useMap, useMapEvent } from 'react-leaflet';
import type { Business } from '@zaytoon/client';
import { L } from './leafletSetup';
import { BusinessPopup } from './BusinessPopup';
import { buildIndex, clustersIn, type ClusterItem } from './clusters';

const clusterIcons = new Map<number, L.DivIcon>();

function clusterIcon(count: number): L.DivIcon {
  const size = count < 10 ? 34 : count < 100 ? 42 : 52;
  let icon = clusterIcons.get(count);
  if (!icon) {
    icon = L.divIcon({
      html: `<span>${count}</span>`,
      className: 'zd-cluster',
      iconSize: [size, size],
    });
    clusterIcons.set(count, icon);
  }
  return icon;
}

export function ClusteredMarkers({ businesses, isAdmin }: { businesses: Business[]; isAdmin: boolean }) {
  const map = useMap();
  const index = useMemo(() => buildIndex(businesses), [businesses]);
  const [items, setItems] = useState<ClusterItem[]>([]);

  const update = useCallback(() => {
    const bounds = map.getBounds();
    setItems(clustersIn(index, [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], map.getZoom()));
  }, [index, map]);

  useEffect(update, [update]);
  useMapEvent('moveend', update);

  return (
    <>
      {items.map((item) =>
        item.kind === 'cluster' ? (
          <Marker
            key={`c${item.id}`}
            position={[item.lat, item.lng]}
            icon={clusterIcon(item.count)}
            title={`${item.count} businesses`}
            eventHandlers={{
              click: () => map.setView([item.lat, item.lng], Math.min(index.getClusterExpansionZoom(item.id), 18)),
            }}
          />
        ) : (
          <Marker key={`b${item.business.id}`} position={[item.lat, item.lng]} title={item.business.name}>
            <Popup>
              <BusinessPopup business={item.business} isAdmin={isAdmin} />
            </Popup>
          </Marker>
        ),
      )}
    </>
  );
}
