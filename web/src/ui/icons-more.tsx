import { icon } from './icon';

export { EnvelopeHeartIcon, ReplayIcon } from './icons-greeting';

/**
 * The rest of the icon set: drawn like `./icons`, kept apart because only pages loaded on use
 * need them, so they stay out of the first page's script.
 */
export const FolderIcon = icon('FolderIcon', <path d="M3.5 7a2 2 0 0 1 2-2h4l2 2.5h7a2 2 0 0 1 2 2V17a2 2 0 0 1-2 2h-13a2 2 0 0 1-2-2z" />);
export const TagIcon = icon(
  'TagIcon',
  <>
    <path d="M3.5 12.3V5a1.5 1.5 0 0 1 1.5-1.5h7.3l8.2 8.2a1.5 1.5 0 0 1 0 2.1l-6.4 6.4a1.5 1.5 0 0 1-2.1 0z" />
    <circle cx="8.3" cy="8.3" r="1.4" />
  </>,
);
export const HourglassIcon = icon(
  'HourglassIcon',
  <>
    <path d="M6.5 3.5h11M6.5 20.5h11" />
    <path d="M7.5 3.5c0 4.5 4.5 5.5 4.5 8.5s-4.5 4-4.5 8.5M16.5 3.5c0 4.5-4.5 5.5-4.5 8.5s4.5 4 4.5 8.5" />
  </>,
);
export const ClockIcon = icon(
  'ClockIcon',
  <>
    <circle cx="12" cy="12.5" r="8" />
    <path d="M12 8v4.8l3 1.8M9.5 2.8h5" />
  </>,
);
export const GemIcon = icon(
  'GemIcon',
  <>
    <path d="M7 4.5h10l3.5 5-8.5 10-8.5-10z" />
    <path d="M3.5 9.5h17M9.5 4.5 8 9.5l4 10 4-10-1.5-5" />
  </>,
);
export const CoinIcon = icon(
  'CoinIcon',
  <>
    <circle cx="12" cy="12" r="8.5" />
    <circle cx="12" cy="12" r="5.2" />
    <path d="M12 9.5v5" />
  </>,
);
export const CalendarIcon = icon(
  'CalendarIcon',
  <>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2.5" />
    <path d="M3.5 10h17M8 3v4M16 3v4M8 14h2M14 14h2M8 17.5h2" />
  </>,
);
export const LinkIcon = icon(
  'LinkIcon',
  <>
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1.2 1.2" />
    <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1.2-1.2" />
  </>,
);
export const FlagIcon = icon(
  'FlagIcon',
  <>
    <path d="M5.5 21V4" />
    <path d="M5.5 4.5c4-2 7 2 12 0v8.5c-5 2-8-2-12 0" />
  </>,
);
export const PencilIcon = icon(
  'PencilIcon',
  <>
    <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16z" />
    <path d="m13.5 6.5 4 4" />
  </>,
);
export const TrashIcon = icon(
  'TrashIcon',
  <>
    <path d="M4 6.5h16M9.5 6.5V4.5h5v2M6 6.5l1 13a1.5 1.5 0 0 0 1.5 1.5h7a1.5 1.5 0 0 0 1.5-1.5l1-13" />
    <path d="M10 10.5v6.5M14 10.5v6.5" />
  </>,
);
export const ThumbUpIcon = icon(
  'ThumbUpIcon',
  <>
    <path d="M7.5 10.5v10h-3v-10z" />
    <path d="M7.5 10.5 11 3.8a2 2 0 0 1 3 1.9l-.6 3.8h5a2 2 0 0 1 2 2.3l-1.2 6.8a2 2 0 0 1-2 1.7H7.5" />
  </>,
);
export const ThumbDownIcon = icon(
  'ThumbDownIcon',
  <>
    <path d="M7.5 13.5v-10h-3v10z" />
    <path d="M7.5 13.5 11 20.2a2 2 0 0 0 3-1.9l-.6-3.8h5a2 2 0 0 0 2-2.3l-1.2-6.8a2 2 0 0 0-2-1.7H7.5" />
  </>,
);
export const MedalIcon = icon(
  'MedalIcon',
  <>
    <path d="M8 3.5 10.5 9M16 3.5 13.5 9" />
    <circle cx="12" cy="14.5" r="6" />
    <path d="m12 11.7 1 2 2.1.3-1.5 1.5.4 2.1-2-1-2 1 .4-2.1-1.5-1.5 2.1-.3z" />
  </>,
);
export const ChatIcon = icon('ChatIcon', <path d="M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v10a1.5 1.5 0 0 1-1.5 1.5H10l-4.5 3.5V17h0A1.5 1.5 0 0 1 4 15.5z" />);
export const ShareIcon = icon(
  'ShareIcon',
  <>
    <path d="M12 15V3.5M7.5 8 12 3.5 16.5 8" />
    <path d="M5 12.5v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6" />
  </>,
);
export const CameraIcon = icon(
  'CameraIcon',
  <>
    <path d="M4 8.5a2 2 0 0 1 2-2h2l1.5-2h5l1.5 2h2a2 2 0 0 1 2 2V18a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2z" />
    <circle cx="12" cy="13" r="3.5" />
  </>,
);
export const ArrowUpIcon = icon('ArrowUpIcon', <path d="M12 19.5v-15M6 10.5l6-6 6 6" />);
export const SmileIcon = icon(
  'SmileIcon',
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M8.5 14.2a4.5 4.5 0 0 0 7 0M9 9.5v.5M15 9.5v.5" />
  </>,
);
export const YinYangIcon = icon(
  'YinYangIcon',
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 3.5a4.25 4.25 0 0 1 0 8.5 4.25 4.25 0 0 0 0 8.5" />
    <circle cx="12" cy="7.8" r=".9" fill="currentColor" />
    <circle cx="12" cy="16.2" r=".9" />
  </>,
);
export const CloverIcon = icon(
  'CloverIcon',
  <>
    <path d="M12 12C9 12 7 10.5 7 8.5a2.5 2.5 0 0 1 5-.5 2.5 2.5 0 0 1 5 .5c0 2-2 3.5-5 3.5zM12 12c-3 0-5 1.5-5 3.5a2.5 2.5 0 0 0 5 .5 2.5 2.5 0 0 0 5-.5c0-2-2-3.5-5-3.5z" />
    <path d="M12 16.5c0 2 1 3.5 2.5 4" />
  </>,
);
export const DoveIcon = icon(
  'DoveIcon',
  <>
    <path d="M3.5 14.5c3.5 0 6-1.5 8-4.5 1-1.5 2.5-3 4.5-3 1.5 0 2.5.8 3 1.8l1.5.7-1.7.7c-.4 4.6-4 8-8.8 8H6z" />
    <path d="M11.5 10C10 7.5 8 5.5 5 4.5c0 3 1.5 5.5 4 7" />
  </>,
);
export const PaletteIcon = icon(
  'PaletteIcon',
  <>
    <path d="M12 3.5a8.5 8.5 0 0 0 0 17c1.2 0 1.8-.8 1.8-1.7 0-1.4-1.3-1.6-1.3-2.8 0-.9.7-1.5 1.6-1.5h2.3a4 4 0 0 0 4.1-4c0-3.9-3.8-7-8.5-7z" />
    <circle cx="7.8" cy="11" r="1" />
    <circle cx="10.5" cy="7.3" r="1" />
    <circle cx="15" cy="7.8" r="1" />
  </>,
);
export const CrystalBallIcon = icon(
  'CrystalBallIcon',
  <>
    <circle cx="12" cy="10.5" r="7" />
    <path d="M7 20.5h10l-1.5-3.2h-7zM9 8.5a3.5 3.5 0 0 1 3-2.5" />
  </>,
);
export const MuscleIcon = icon(
  'MuscleIcon',
  <path d="M6 20.5c-1.5-3-2-7 .5-10.5L9 4.5l3 1-1.5 3.5 2.5 2a5 5 0 0 1 7 3.5c.5 3-2 6-6 6z" />,
);
export const PaperPlaneIcon = icon(
  'PaperPlaneIcon',
  <>
    <path d="M20.5 3.5 3.5 10.4l6.3 2.6 2.6 6.5z" />
    <path d="m9.8 13 4.4-4.4" />
  </>,
);
export const ChevronRightIcon = icon('ChevronRightIcon', <path d="m9.5 5 7 7-7 7" />);
export const SearchIcon = icon(
  'SearchIcon',
  <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4.5 4.5" />
  </>,
);
export const InboxIcon = icon(
  'InboxIcon',
  <>
    <path d="m4 13 2.4-7a1.5 1.5 0 0 1 1.4-1h8.4a1.5 1.5 0 0 1 1.4 1L20 13v5a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2z" />
    <path d="M4 13h4.3l1.2 2.2h5l1.2-2.2H20" />
  </>,
);
export const EyeIcon = icon(
  'EyeIcon',
  <>
    <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);
export const EyeOffIcon = icon(
  'EyeOffIcon',
  <>
    <path d="M10 5.8a9.7 9.7 0 0 1 2-.3c6 0 9.5 6.5 9.5 6.5a17 17 0 0 1-2.4 3.2M6.3 7.4C3.9 9.1 2.5 12 2.5 12S6 18.5 12 18.5c1.7 0 3.2-.5 4.5-1.2" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M3.5 3.5l17 17" />
  </>,
);
export const DiceIcon = icon(
  'DiceIcon',
  <>
    <rect x="3.5" y="3.5" width="17" height="17" rx="4" />
    <circle cx="8.5" cy="8.5" r="1.1" fill="currentColor" />
    <circle cx="15.5" cy="8.5" r="1.1" fill="currentColor" />
    <circle cx="12" cy="12" r="1.1" fill="currentColor" />
    <circle cx="8.5" cy="15.5" r="1.1" fill="currentColor" />
    <circle cx="15.5" cy="15.5" r="1.1" fill="currentColor" />
  </>,
);
export const VolumeIcon = icon(
  'VolumeIcon',
  <>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" />
    <path d="M15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11" />
  </>,
);
export const GlobeIcon = icon(
  'GlobeIcon',
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M3.5 12h17M12 3.5c2.3 2.4 3.5 5.2 3.5 8.5s-1.2 6.1-3.5 8.5c-2.3-2.4-3.5-5.2-3.5-8.5S9.7 5.9 12 3.5z" />
  </>,
);
export const DocumentIcon = icon(
  'DocumentIcon',
  <>
    <path d="M14 3.5H7.5a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2h9a2 2 0 0 0 2-2V8z" />
    <path d="M14 3.5V8h4.5M9 12.5h6M9 16h4" />
  </>,
);
export const SparkleIcon = icon(
  'SparkleIcon',
  <path d="M12 2.8c.6 4.6 2.6 6.6 7.2 7.2v.1c-4.6.6-6.6 2.6-7.2 7.2h-.1c-.6-4.6-2.6-6.6-7.2-7.2V10c4.6-.6 6.6-2.6 7.2-7.2z" />,
  true,
);
