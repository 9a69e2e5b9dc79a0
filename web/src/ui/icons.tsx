import { icon } from './icon';

export { icon, type IconProps } from './icon';
export * from './icons-first';

export const PlusIcon = icon('PlusIcon', <path d="M12 5v14M5 12h14" />);
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
