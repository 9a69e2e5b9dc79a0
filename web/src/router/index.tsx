/**
 * The app's router: the part of react-router's API the app uses (a flat list of pages under one
 * layout, links, params, the query string), in about 3 KB instead of 13 on every first load.
 * Navigations render in a transition, so the page on screen stays until the next one's code is in.
 */
import {
  type AnchorHTMLAttributes,
  Children,
  type ComponentType,
  createContext,
  type CSSProperties,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  forwardRef,
  isValidElement,
  startTransition,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { matchPath } from '@otkrytka/contract/rules/pages';
import { browserHistory, type History, type Location, memoryHistory, type NavigateOptions, parsePath } from './history';

export { matchPath, type PathMatch } from '@otkrytka/contract/rules/pages';

export type { Location, NavigateOptions } from './history';

interface RouterState {
  history: History;
  location: Location;
  navigate: (to: string | number, opts?: NavigateOptions) => void;
  /** a step back over the transient entry on top, when it is; navigations meanwhile wait for it */
  dropTransient: () => void;
}
const RouterContext = createContext<RouterState | null>(null);
const RouteContext = createContext<{ params: Record<string, string>; outlet: ReactNode }>({ params: {}, outlet: null });

export function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error('useRouter: outside a router');
  return router;
}

export const pathOf = (l: Pick<Location, 'pathname' | 'search' | 'hash'>) => l.pathname + l.search + l.hash;

/**
 * A path against the current location: absolute, a query (`?…`) or a hash of the same page, or
 * relative to the current path; an empty query or hash is dropped (`/a?` → `/a`).
 */
function resolve(to: string, from: Location): string {
  if (to.startsWith('/')) return pathOf(parsePath(to));
  if (to.startsWith('?')) return pathOf(parsePath(from.pathname + to));
  if (to.startsWith('#')) return pathOf(parsePath(from.pathname + from.search + to));
  const url = new URL(to, `http://x${from.pathname.endsWith('/') ? from.pathname : `${from.pathname}/`}`);
  return pathOf(parsePath(url.pathname + url.search + url.hash));
}

/** How long a step back over a transient entry may take before navigations stop waiting for it. */
const STEP_BACK_MS = 1000;

function Router({ history, children }: { history: History; children?: ReactNode }) {
  const [location, setLocation] = useState(() => history.location());
  const sync = useCallback(() => startTransition(() => setLocation(history.location())), [history]);
  // A step back over a closed sheet's entry is asynchronous in a browser: a navigation asked for
  // meanwhile (a link tapped as the sheet closes) is made once the step is done, else the step
  // would undo it. The entry between is never shown.
  const stepping = useRef<{ then?: () => void } | null>(null);
  const settle = useCallback(() => {
    const step = stepping.current;
    stepping.current = null;
    if (step?.then) step.then();
    // a sheet's entry reached by Forward, or after a reload, stands for nothing open: passed over
    else if (history.location().transient) history.go(-1);
    else sync();
  }, [history, sync]);
  useLayoutEffect(() => {
    if (history.location().transient) history.go(-1);
    return history.listen(settle);
  }, [history, settle]);
  const navigate = useCallback(
    function go(to: string | number, opts: NavigateOptions = {}) {
      if (stepping.current) {
        stepping.current.then = () => go(to, opts);
        return;
      }
      if (typeof to === 'number') {
        history.go(to);
        return;
      }
      // a navigation from a sheet's entry takes its place: Back from there skips the closed sheet
      const replace = !!opts.replace || (!!history.location().transient && !opts.transient);
      history.push(resolve(to, history.location()), opts.state ?? null, replace, opts.transient);
      sync();
    },
    [history, sync],
  );
  const dropTransient = useCallback(() => {
    if (stepping.current || !history.location().transient) return;
    const step = {};
    stepping.current = step;
    history.go(-1);
    setTimeout(() => stepping.current === step && settle(), STEP_BACK_MS);
  }, [history, settle]);
  const value = useMemo(() => ({ history, location, navigate, dropTransient }), [history, location, navigate, dropTransient]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function BrowserRouter({ basename, children }: { basename?: string; children?: ReactNode }) {
  const [history] = useState(() => browserHistory(basename));
  return <Router history={history}>{children}</Router>;
}

export function MemoryRouter({ initialEntries, children }: { initialEntries?: string[]; children?: ReactNode }) {
  const [history] = useState(() => memoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

export const useLocation = (): Location => useRouter().location;
export const useNavigate = () => useRouter().navigate;

/**
 * Whether the entry at `previous` shows the page `target` names: the same path (or one of
 * `alsoAt`, another path of the same page) and every query parameter `target` sets. Parameters it
 * does not set (a launch's `tg…`, a campaign's `utm_…`) and the hash do not count.
 */
function showsTarget(previous: string, target: string, alsoAt: readonly string[]): boolean {
  const p = parsePath(previous);
  const t = parsePath(target);
  if (p.pathname !== t.pathname && !alsoAt.includes(p.pathname)) return false;
  const had = new URLSearchParams(p.search);
  return [...new URLSearchParams(t.search)].every(([k, v]) => had.get(k) === v);
}

/**
 * Back to `target`: a step back in history when the entry behind this one shows it (so back and
 * forth never piles up entries, and Telegram's back button hides again on the first screen), else
 * `target` in place of this entry. `alsoAt`: other paths of the same page (`/` for `/gallery`).
 */
export function useGoBack(): (target: string, alsoAt?: readonly string[]) => void {
  const { history, navigate } = useRouter();
  return useCallback(
    (target: string, alsoAt: readonly string[] = []) => {
      const to = resolve(target, history.location());
      const previous = history.previous();
      if (previous !== null && showsTarget(previous, to, alsoAt)) navigate(-1);
      else navigate(to, { replace: true });
    },
    [history, navigate],
  );
}

export const useParams = <T extends Record<string, string | undefined> = Record<string, string | undefined>>() => useContext(RouteContext).params as T;

export type SearchParamsInit = URLSearchParams | string | Record<string, string>;

export function useSearchParams(): [URLSearchParams, (next: SearchParamsInit | ((prev: URLSearchParams) => SearchParamsInit), opts?: NavigateOptions) => void] {
  const { location, navigate, history } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback(
    (next: SearchParamsInit | ((prev: URLSearchParams) => SearchParamsInit), opts?: NavigateOptions) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(history.location().search)) : next;
      navigate(`?${new URLSearchParams(value).toString()}`, opts);
    },
    [navigate, history],
  );
  return [params, set];
}

interface RouteProps {
  path?: string;
  element?: ReactNode;
  Component?: ComponentType;
  /** a layout route's pages */
  children?: ReactNode;
}

/** Declares a page (`path` with `element` or `Component`) or a layout around pages; `Routes` renders it. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

const routesIn = (children: ReactNode): RouteProps[] =>
  Children.toArray(children).flatMap((c) => (isValidElement<RouteProps>(c) ? [c.props] : []));

const render = (r: RouteProps): ReactNode => r.element ?? (r.Component ? <r.Component /> : null);

/** The first route (or layout's page) whose path matches the location, with its params. */
function pick(routes: RouteProps[], pathname: string): { chain: RouteProps[]; params: Record<string, string> } | null {
  for (const r of routes) {
    if (r.path === undefined) {
      const inner = pick(routesIn(r.children), pathname);
      if (inner) return { chain: [r, ...inner.chain], params: inner.params };
      continue;
    }
    const m = matchPath(r.path, pathname);
    if (m) return { chain: [r], params: m.params };
  }
  return null;
}

export function Routes({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const found = pick(routesIn(children), pathname);
  if (!found) return null;
  // from the page outwards: each layout gets what is inside it as its outlet
  return found.chain.reduceRight<ReactNode>(
    (outlet, r) => <RouteContext.Provider value={{ params: found.params, outlet }}>{render(r)}</RouteContext.Provider>,
    null,
  );
}

export const Outlet = () => <>{useContext(RouteContext).outlet}</>;

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;
export interface LinkProps extends AnchorProps {
  to: string;
  replace?: boolean;
  state?: unknown;
}

/** An `<a>` whose plain left click moves inside the app; a new tab, a modifier or a target keep the browser's own behaviour. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, replace, state, onClick, target, ...rest }, ref) {
  const { history, location, navigate } = useRouter();
  const path = resolve(to, location);
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || (target && target !== '_self') || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    // a link to where one already is does not add an entry
    navigate(path, { replace: replace ?? pathOf(location) === pathOf(parsePath(path)), state });
  };
  return <a {...rest} ref={ref} href={history.href(path)} target={target} onClick={click} />;
});

type NavState = { isActive: boolean };
export interface NavLinkProps extends Omit<LinkProps, 'className' | 'style' | 'children'> {
  /** only this very path, not the pages under it */
  end?: boolean;
  className?: string | ((s: NavState) => string | undefined);
  style?: CSSProperties | ((s: NavState) => CSSProperties | undefined);
  children?: ReactNode | ((s: NavState) => ReactNode);
}

/** A link that knows whether it leads to the page on screen (`aria-current="page"`, class `active`). */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  { end = false, className, style, children, 'aria-current': ariaCurrent, ...rest },
  ref,
) {
  const { location } = useRouter();
  const target = parsePath(resolve(rest.to, location)).pathname.toLowerCase();
  const here = location.pathname.toLowerCase();
  const slashAt = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive = here === target || (!end && here.startsWith(target) && here.charAt(slashAt) === '/');
  const s = { isActive };
  return (
    <Link
      {...rest}
      ref={ref}
      aria-current={isActive ? (ariaCurrent ?? 'page') : undefined}
      className={typeof className === 'function' ? className(s) : [className, isActive ? 'active' : null].filter(Boolean).join(' ') || undefined}
      style={typeof style === 'function' ? style(s) : style}
    >
      {typeof children === 'function' ? children(s) : children}
    </Link>
  );
});
