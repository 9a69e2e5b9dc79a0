import { type ComponentType, use } from 'react';
import type { AppPage } from '@otkrytka/contract/rules/pages';
import { matchPath } from '../router';
import GalleryPage from '../features/gallery/pages/GalleryPage';
import { type Namespace, preloadNamespaces } from '../i18n';
import { rememberFailedLoad } from './failedLoads';

/**
 * Every route of both spec documents. Each page is its own chunk (route-level code splitting).
 * `protected`: forces the login modal for visitors outside Telegram (docs/PRODUCT-RULES.md).
 * `hideBottomBar`: pages shown without the bottom bar.
 */
type Page = ComponentType & { preload(): Promise<unknown> };

/**
 * A page loaded on first use, together with the texts it shows (its namespaces), in parallel;
 * a namespace missing here still loads when a component asks for it, one round trip later.
 * Unlike `React.lazy`, which keeps a failed load for good, a page whose script failed to load
 * (offline) is fetched again after `retryFailedLoads`, so «Повторить» mends it without a reload.
 */
function page(load: () => Promise<{ default: ComponentType }>, namespaces: Namespace[]): Page {
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    if (loading) return loading;
    const attempt = Promise.all([load(), preloadNamespaces(namespaces)]).then(([m]) => {
      loaded = m.default;
      return m;
    });
    attempt.catch(() => rememberFailedLoad(() => loading === attempt && (loading = undefined)));
    return (loading = attempt);
  };
  function LazyPage() {
    const Loaded = loaded ?? use(preload()).default;
    return <Loaded />;
  }
  return Object.assign(LazyPage, { preload });
}

export interface AppRoute {
  path: AppPage | '*';
  page: Page;
  protected?: boolean;
  hideBottomBar?: boolean;
  /** full-screen pages render without the page chrome (viewer, greeting) */
  fullScreen?: boolean;
}

// the home page comes with the first script (no extra round trip before the largest paint)
const Gallery = Object.assign(GalleryPage, { preload: () => Promise.resolve() });
const Channels = page(() => import('../features/channels/pages/ChannelsPage'), ['channels']);
const Channel = page(() => import('../features/channels/pages/ChannelPage'), ['channels', 'postcards', 'uploads']);
const Subscriptions = page(() => import('../features/channels/pages/SubscriptionsPage'), ['channels', 'postcards']);
const Categories = page(() => import('../features/categories/pages/CategoriesPage'), ['categories']);
const Bookmarks = page(() => import('../features/bookmarks/pages/BookmarksPage'), ['bookmarks', 'postcards']);
const Uploads = page(() => import('../features/uploads/pages/UploadsPage'), ['uploads']);
const Viewer = page(() => import('../features/viewer/pages/ViewerPage'), ['viewer', 'postcards', 'reports', 'sandbox']);
const Sandbox = page(() => import('../features/sandbox/pages/SandboxPage'), ['sandbox']);
const Moderator = page(() => import('../features/moderation/pages/ModeratorPage'), ['moderation', 'reports', 'sandbox']);
const ModeratePostcard = page(() => import('../features/moderation/pages/ModeratePostcardPage'), ['moderation', 'sandbox']);
const CreateGreeting = page(() => import('../features/greetings/pages/CreateGreetingPage'), ['greetings', 'greeting', 'calendar', 'pictures']);
const Greeting = page(() => import('../features/greetings/pages/GreetingPage'), ['greetings', 'greeting']);
const EditGreeting = page(() => import('../features/greetings/pages/EditGreetingPage'), ['greetings', 'greeting']);
const CreatedGreetings = page(() => import('../features/greetings/pages/CreatedGreetingsPage'), ['greetings']);
const ReceivedGreetings = page(() => import('../features/greetings/pages/ReceivedGreetingsPage'), ['greetings']);
const AcceptedGreetings = page(() => import('../features/greetings/pages/AcceptedGreetingsPage'), ['greetings']);
const JoinGroupGreeting = page(() => import('../features/greetings/pages/JoinGroupGreetingPage'), ['greetings', 'greeting', 'groups']);
const SignedGreetings = page(() => import('../features/greetings/pages/SignedGreetingsPage'), ['greetings', 'groups']);
const StarsOrders = page(() => import('../features/stars/StarsOrdersPage'), ['stars', 'moderation']);
const GameHub = page(() => import('../features/game/pages/GameHubPage'), ['game', 'notifications', 'calendar']);
const Settings = page(() => import('../features/settings/pages/SettingsPage'), ['settings', 'calendar', 'auth']);
const Dates = page(() => import('../features/calendar/pages/DatesPage'), ['calendar', 'gallery']);
const Holiday = page(() => import('../features/calendar/pages/HolidayPage'), ['calendar', 'gallery', 'postcards']);
const Terms = page(() => import('../features/static/pages/TermsPage'), []);
const Auth = page(() => import('../features/auth/pages/AuthPage'), ['auth']);
const NotFound = page(() => import('../features/static/pages/NotFoundPage'), []);

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
  { path: '/greeting/:greetingId/join/:invite', page: JoinGroupGreeting, protected: true, hideBottomBar: true },
  { path: '/signed-greetings', page: SignedGreetings, protected: true },
  { path: '/edit-greeting/:greetingId', page: EditGreeting },
  { path: '/game-data', page: GameHub, protected: true },
  { path: '/dates', page: Dates, protected: true },
  { path: '/holiday/:holidayId', page: Holiday },
  { path: '/stars-orders', page: StarsOrders, protected: true },
  { path: '*', page: NotFound },
];

/** The route entry a pathname (inside the router base) belongs to. */
export function routeFor(pathname: string): AppRoute | undefined {
  return appRoutes.find((r) => r.path !== '*' && matchPath(r.path, pathname)) ?? appRoutes.at(-1);
}

/** Starts fetching the page at `pathname` and its texts (called before the first render); settles when they are there or failed. */
export function preloadRoute(pathname: string): Promise<void> {
  return Promise.resolve(routeFor(pathname)?.page.preload()).then(
    () => undefined,
    () => undefined,
  );
}
