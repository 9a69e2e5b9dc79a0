import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router';

/**
 * Every route of both spec documents. Each page is its own chunk (route-level code splitting).
 * `protected`: forces the login modal for visitors outside Telegram (spec 000 §2).
 * `hideBottomBar`: pages shown without the bottom bar.
 */
export interface AppRoute {
  path: string;
  page: LazyExoticComponent<ComponentType>;
  protected?: boolean;
  hideBottomBar?: boolean;
  /** full-screen pages render without the page chrome (viewer, greeting) */
  fullScreen?: boolean;
}

const Gallery = lazy(() => import('../features/gallery/pages/GalleryPage'));
const Channels = lazy(() => import('../features/channels/pages/ChannelsPage'));
const Channel = lazy(() => import('../features/channels/pages/ChannelPage'));
const Subscriptions = lazy(() => import('../features/channels/pages/SubscriptionsPage'));
const Categories = lazy(() => import('../features/categories/pages/CategoriesPage'));
const Bookmarks = lazy(() => import('../features/bookmarks/pages/BookmarksPage'));
const Uploads = lazy(() => import('../features/uploads/pages/UploadsPage'));
const Viewer = lazy(() => import('../features/viewer/pages/ViewerPage'));
const Sandbox = lazy(() => import('../features/sandbox/pages/SandboxPage'));
const Moderator = lazy(() => import('../features/moderation/pages/ModeratorPage'));
const ModeratePostcard = lazy(() => import('../features/moderation/pages/ModeratePostcardPage'));
const CreateGreeting = lazy(() => import('../features/greetings/pages/CreateGreetingPage'));
const Greeting = lazy(() => import('../features/greetings/pages/GreetingPage'));
const EditGreeting = lazy(() => import('../features/greetings/pages/EditGreetingPage'));
const CreatedGreetings = lazy(() => import('../features/greetings/pages/CreatedGreetingsPage'));
const ReceivedGreetings = lazy(() => import('../features/greetings/pages/ReceivedGreetingsPage'));
const AcceptedGreetings = lazy(() => import('../features/greetings/pages/AcceptedGreetingsPage'));
const GameHub = lazy(() => import('../features/game/pages/GameHubPage'));
const Settings = lazy(() => import('../features/settings/pages/SettingsPage'));
const Terms = lazy(() => import('../features/static/pages/TermsPage'));
const Auth = lazy(() => import('../features/auth/pages/AuthPage'));
const NotFound = lazy(() => import('../features/static/pages/NotFoundPage'));

export const appRoutes: AppRoute[] = [
  { path: '/', page: Gallery },
  { path: '/auth', page: Auth, fullScreen: true, hideBottomBar: true },
  { path: '/gallery', page: Gallery },
  { path: '/mychannels', page: Channels, protected: true },
  { path: '/mychannels/:channelId', page: Channel, protected: true },
  { path: '/mychannels/:channelId/:postcardId', page: Viewer, fullScreen: true, hideBottomBar: true },
  { path: '/mychannels/:channelId/:postcardId/create-congratulation', page: CreateGreeting, protected: true, hideBottomBar: true },
  { path: '/mysubscriptions', page: Subscriptions, protected: true },
  { path: '/bookmarks', page: Bookmarks, protected: true },
  { path: '/bookmarks/:postcardId', page: Viewer, fullScreen: true, hideBottomBar: true, protected: true },
  { path: '/categories', page: Categories, protected: true },
  { path: '/accepted-greetings', page: AcceptedGreetings, protected: true },
  { path: '/congratulations', page: CreatedGreetings, protected: true },
  { path: '/received-greetings', page: ReceivedGreetings },
  { path: '/my-uploads', page: Uploads },
  { path: '/sandbox', page: Sandbox },
  { path: '/sandbox/:postcardId', page: Viewer, fullScreen: true, hideBottomBar: true },
  { path: '/moderator', page: Moderator },
  { path: '/moderator/:postcardId', page: ModeratePostcard },
  { path: '/settings', page: Settings },
  { path: '/terms', page: Terms },
  { path: '/greeting/:greetingId', page: Greeting, fullScreen: true, hideBottomBar: true },
  { path: '/edit-greeting/:greetingId', page: EditGreeting },
  { path: '/game-data', page: GameHub, protected: true },
  { path: '*', page: NotFound },
];

/** The route entry a pathname (inside the router base) belongs to. */
export function routeFor(pathname: string): AppRoute | undefined {
  return appRoutes.find((r) => r.path !== '*' && matchPath(r.path, pathname)) ?? appRoutes.at(-1);
}
