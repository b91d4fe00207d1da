import L from 'leaflet';
import leafletCss from 'leaflet/dist/leaflet.css?inline';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { injectStyles } from '@zaytoon/web-kit';

// Loaded only with the map (lazy chunk). The PNGs are imported so the bundler ships them;
// without this, Leaflet guesses their URL from the CSS and icons break in production builds.
injectStyles('zaytoon-leaflet-styles', leafletCss);

delete (L.Icon.Default.prototype as unknown as { _getIconUrl?: unknown })._getIconUrl;
L.Icon.Default.mergeOptions({
  iconRetinaUrl: markerIcon2x,
  iconUrl: markerIcon,
  shadowUrl: markerShadow,
});

export { L };
