import { injectStyles } from '@zaytoon/web-kit';
import css from './screens.css?inline';

// Imported for its effect by every screen but /browse, and by the map: the styles of all of them (one
// chunk) arrive with the first one's code and are injected once, so /browse's first load carries only
// its own styles, and a remote's manifest lists the styles among each screen's files.
injectStyles('zaytoon-directory-screen-styles', css);
