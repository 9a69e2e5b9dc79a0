import type { ComponentType } from 'react';
import {
  CategoriesIcon,
  ChannelsIcon,
  GalleryIcon,
  type IconProps,
  LoginIcon,
  LogoutIcon,
  PlusIcon,
  SandboxIcon,
  SettingsIcon,
  ShieldIcon,
  StarIcon,
  SubscriptionsIcon,
  UploadIcon,
} from '@/ui/icons';
import { CalendarIcon } from '@/ui/icons-more';
import type { MenuEntryId } from './menu';

/** The icon of each navigation entry; its label is `shell:menu.<id>`. */
export const ENTRY_ICONS: Record<MenuEntryId, ComponentType<IconProps>> = {
  gallery: GalleryIcon,
  channels: ChannelsIcon,
  subscriptions: SubscriptionsIcon,
  categories: CategoriesIcon,
  bookmarks: StarIcon,
  dates: CalendarIcon,
  uploads: UploadIcon,
  sandbox: SandboxIcon,
  moderator: ShieldIcon,
  settings: SettingsIcon,
  createChannel: PlusIcon,
  logout: LogoutIcon,
  login: LoginIcon,
};
