import { icon } from './icon';

/*
 * The icons of the app's first screen — the shell's (top bar, bottom bar, toasts, empty and error
 * states) and the gallery's — apart from the rest of ./icons.tsx, so the first load carries only
 * these. ./icons.tsx exports them too: import from here what a first screen shows.
 */

export const MenuIcon = icon('MenuIcon', <path d="M4 7h16M4 12h16M4 17h10" />);
export const CloseIcon = icon('CloseIcon', <path d="M6 6l12 12M18 6 6 18" />);
export const CheckIcon = icon('CheckIcon', <path d="m5 12.5 4.5 4.5L19 7.5" />);

export const GalleryIcon = icon(
  'GalleryIcon',
  <>
    <rect x="3.5" y="3.5" width="17" height="17" rx="4" />
    <circle cx="9" cy="9.5" r="1.7" />
    <path d="m4 17.5 4.6-4.6a1.5 1.5 0 0 1 2.1 0l1.8 1.8 2.2-2.2a1.5 1.5 0 0 1 2.1 0l3.7 3.7" />
  </>,
);
export const StarIcon = icon(
  'StarIcon',
  <path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />,
);
export const LoginIcon = icon(
  'LoginIcon',
  <>
    <path d="M14 4h3.5A2.5 2.5 0 0 1 20 6.5v11a2.5 2.5 0 0 1-2.5 2.5H14" />
    <path d="m10 8 4 4-4 4M14 12H4" />
  </>,
);
export const MoonStarIcon = icon(
  'MoonStarIcon',
  <>
    <path d="M18.9 14.3A8 8 0 1 1 10.9 5a6.6 6.6 0 0 0 8 9.3z" />
    <path d="m19 2.5.7 1.8 1.8.7-1.8.7-.7 1.8-.7-1.8-1.8-.7 1.8-.7z" />
  </>,
);
export const GiftIcon = icon(
  'GiftIcon',
  <>
    <rect x="3.5" y="8.5" width="17" height="4" rx="1.2" />
    <path d="M5 12.5V19a1.5 1.5 0 0 0 1.5 1.5h11A1.5 1.5 0 0 0 19 19v-6.5M12 8.5v12" />
    <path d="M12 8.5S10.8 4.3 8.3 4.7c-2 .3-1.4 3.8 3.7 3.8zM12 8.5s1.2-4.2 3.7-3.8c2 .3 1.4 3.8-3.7 3.8z" />
  </>,
);
export const AcceptedIcon = icon(
  'AcceptedIcon',
  <>
    <path d="M20 11.5V7a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h6.5" />
    <path d="m4.5 7.5 7.5 5 7.5-5M15.5 18l2.2 2.2 3.8-4.2" />
  </>,
);
export const AlertIcon = icon(
  'AlertIcon',
  <>
    <path d="M10.3 4.2 2.9 17.5A2 2 0 0 0 4.6 20.5h14.8a2 2 0 0 0 1.7-3L13.7 4.2a2 2 0 0 0-3.4 0z" />
    <path d="M12 9.5v4.2M12 16.8v.2" />
  </>,
);
export const LockIcon = icon(
  'LockIcon',
  <>
    <rect x="4.5" y="10.5" width="15" height="10" rx="3" />
    <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5M12 14.5v2" />
  </>,
);
export const SentCheckIcon = icon(
  'SentCheckIcon',
  <>
    <path d="M20.5 3.5 3.5 10.4l6.3 2.6 2.6 6.5z" />
    <path d="m9.8 13 4.4-4.4M14.5 19l2 2 4-4.5" />
  </>,
);
export const ImageIcon = icon(
  'ImageIcon',
  <>
    <rect x="3.5" y="4.5" width="17" height="15" rx="3" />
    <circle cx="9" cy="9.5" r="1.6" />
    <path d="m4 17 4.8-4.6 3.4 3.2 2.6-2.4L20 18" />
  </>,
);
