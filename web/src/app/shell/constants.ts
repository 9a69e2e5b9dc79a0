/** Shell constants from the original app. */
export const SWIPE_THRESHOLD_PX = 50;
export const SWIPE_EDGE_ZONE_PX = 40;
export const SIDEBAR_CLOSE_MS = 350;
export const GAME_BAR_COLLAPSE_MS = 2000;
/** energy shown while there is no energy status yet */
export const DEFAULT_ENERGY = 20;
/** the sidebar panel's element id (the menu button controls it; the edge swipe drags it) */
export const SIDEBAR_ID = 'app-sidebar';
