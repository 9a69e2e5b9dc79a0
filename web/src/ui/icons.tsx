import { icon } from './icon';

export { icon, type IconProps } from './icon';

export const MenuIcon = icon('MenuIcon', <path d="M4 7h16M4 12h16M4 17h10" />);
export const CloseIcon = icon('CloseIcon', <path d="M6 6l12 12M18 6 6 18" />);
export const PlusIcon = icon('PlusIcon', <path d="M12 5v14M5 12h14" />);
export const CheckIcon = icon('CheckIcon', <path d="m5 12.5 4.5 4.5L19 7.5" />);

export const GalleryIcon = icon(
  'GalleryIcon',
  <>
    <rect x="3.5" y="3.5" width="17" height="17" rx="4" />
    <circle cx="9" cy="9.5" r="1.7" />
    <path d="m4 17.5 4.6-4.6a1.5 1.5 0 0 1 2.1 0l1.8 1.8 2.2-2.2a1.5 1.5 0 0 1 2.1 0l3.7 3.7" />
  </>,
);
export const ChannelsIcon = icon(
  'ChannelsIcon',
  <>
    <rect x="3" y="8" width="14" height="12.5" rx="3" />
    <path d="M7 4.5h10.5a3 3 0 0 1 3 3V17" />
    <path d="m8.5 12.2 3.2 2.1-3.2 2.1z" />
  </>,
);
export const SubscriptionsIcon = icon(
  'SubscriptionsIcon',
  <>
    <path d="M5 12.5a6.5 6.5 0 0 1 6.5 6.5M5 7a12 12 0 0 1 12 12" />
    <circle cx="6" cy="18" r="1.4" />
  </>,
);
export const CategoriesIcon = icon(
  'CategoriesIcon',
  <>
    <rect x="3.5" y="3.5" width="7" height="7" rx="2" />
    <rect x="13.5" y="3.5" width="7" height="7" rx="2" />
    <rect x="3.5" y="13.5" width="7" height="7" rx="2" />
    <circle cx="17" cy="17" r="3.5" />
  </>,
);
export const UploadIcon = icon(
  'UploadIcon',
  <>
    <path d="M12 15V4.5M7.5 9 12 4.5 16.5 9" />
    <path d="M4 14.5V18a2.5 2.5 0 0 0 2.5 2.5h11A2.5 2.5 0 0 0 20 18v-3.5" />
  </>,
);
export const SandboxIcon = icon(
  'SandboxIcon',
  <>
    <path d="m11 3.5 1.7 4.4 4.4 1.7-4.4 1.7L11 15.7l-1.7-4.4-4.4-1.7 4.4-1.7z" />
    <path d="m18 14 .9 2.1 2.1.9-2.1.9L18 20l-.9-2.1L15 17l2.1-.9z" />
  </>,
);
export const ShieldIcon = icon(
  'ShieldIcon',
  <>
    <path d="M12 3 19.5 6v5.6c0 4.5-3.1 8.2-7.5 9.4-4.4-1.2-7.5-4.9-7.5-9.4V6z" />
    <path d="m9 12 2.1 2.1L15.2 10" />
  </>,
);
export const StarIcon = icon(
  'StarIcon',
  <path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />,
);
export const SettingsIcon = icon(
  'SettingsIcon',
  <>
    <path d="M4 7h9.5M18.5 7H20M4 17h3.5M12.5 17H20" />
    <circle cx="16" cy="7" r="2.5" />
    <circle cx="10" cy="17" r="2.5" />
  </>,
);
export const LogoutIcon = icon(
  'LogoutIcon',
  <>
    <path d="M10 4H6.5A2.5 2.5 0 0 0 4 6.5v11A2.5 2.5 0 0 0 6.5 20H10" />
    <path d="m15 8 4 4-4 4M19 12H9.5" />
  </>,
);
export const LoginIcon = icon(
  'LoginIcon',
  <>
    <path d="M14 4h3.5A2.5 2.5 0 0 1 20 6.5v11a2.5 2.5 0 0 1-2.5 2.5H14" />
    <path d="m10 8 4 4-4 4M14 12H4" />
  </>,
);
export const UserIcon = icon(
  'UserIcon',
  <>
    <circle cx="12" cy="8.5" r="3.8" />
    <path d="M4.8 20a7.2 7.2 0 0 1 14.4 0" />
  </>,
);
export const SunIcon = icon(
  'SunIcon',
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2.5v2M12 19.5v2M4.6 4.6 6 6M18 18l1.4 1.4M2.5 12h2M19.5 12h2M4.6 19.4 6 18M18 6l1.4-1.4" />
  </>,
);
export const MoonIcon = icon('MoonIcon', <path d="M19.5 14.6A8 8 0 1 1 9.4 4.5a6.3 6.3 0 0 0 10.1 10.1z" />);
/** A crescent with a star: the bottom bar's moon to production, apart from the theme switch's bare moon. */
export const MoonStarIcon = icon(
  'MoonStarIcon',
  <>
    <path d="M18.9 14.3A8 8 0 1 1 10.9 5a6.6 6.6 0 0 0 8 9.3z" />
    <path d="m19 2.5.7 1.8 1.8.7-1.8.7-.7 1.8-.7-1.8-1.8-.7 1.8-.7z" />
  </>,
);
export const BellIcon = icon(
  'BellIcon',
  <>
    <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 1.8h-15z" />
    <path d="M10 20.5a2.1 2.1 0 0 0 4 0" />
  </>,
);
export const QuestIcon = icon(
  'QuestIcon',
  <>
    <path d="M5.5 21V4" />
    <path d="M5.5 4.5h11.5l-2.2 4 2.2 4H5.5" />
  </>,
);
export const TrophyIcon = icon(
  'TrophyIcon',
  <>
    <path d="M8 4h8v5.5a4 4 0 0 1-8 0z" />
    <path d="M8 6H5.5a2.5 2.5 0 0 0 2.7 4.3M16 6h2.5a2.5 2.5 0 0 1-2.7 4.3" />
    <path d="M12 13.5V17M8.5 20.5h7M9.5 17h5v3.5h-5z" />
  </>,
);
export const BoltIcon = icon('BoltIcon', <path d="M13.2 2.5 5 13.4h6l-1 8.1 8.2-10.9h-6z" />, true);
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
