import { icon } from './icon';

/** The icons of a greeting's stages (and of a link that leads nowhere): kept apart so a recipient's first load takes only these. */
export const EnvelopeHeartIcon = icon(
  'EnvelopeHeartIcon',
  <>
    <rect x="3" y="5" width="18" height="14" rx="2.5" />
    <path d="m3.5 6.5 8.5 6 8.5-6" />
    <path d="M12 16.8s-2.6-1.5-2.6-3.1a1.3 1.3 0 0 1 2.6-.5 1.3 1.3 0 0 1 2.6.5c0 1.6-2.6 3.1-2.6 3.1z" />
  </>,
);
export const ReplayIcon = icon(
  'ReplayIcon',
  <>
    <path d="M4.5 12a7.5 7.5 0 1 0 2.2-5.3L4.5 9" />
    <path d="M4.5 4.5V9H9" />
  </>,
);
export const CompassIcon = icon(
  'CompassIcon',
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="m15.5 8.5-2 5-5 2 2-5z" />
  </>,
);
