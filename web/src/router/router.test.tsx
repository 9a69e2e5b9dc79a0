import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BrowserRouter, Link, matchPath, MemoryRouter, NavLink, Outlet, Route, Routes, useGoBack, useLocation, useNavigate, useParams, useSearchParams } from '.';

afterEach(cleanup);

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}
const where = () => screen.getByTestId('where').textContent;

function Card() {
  return <h1>card {useParams().id}</h1>;
}
function Shell() {
  return (
    <main>
      <nav>
        <NavLink to="/gallery">Gallery</NavLink>
        <NavLink to="/cards" end>
          Cards
        </NavLink>
        <Link to="/cards/7?from=gallery">Seven</Link>
      </nav>
      <Outlet />
      <Where />
    </main>
  );
}
const app = (
  <Routes>
    <Route element={<Shell />}>
      <Route path="/gallery" element={<h1>gallery</h1>} />
      <Route path="/cards/:id" Component={Card} />
      <Route path="*" element={<h1>not found</h1>} />
    </Route>
  </Routes>
);

describe('matchPath', () => {
  it('matches whole paths with params, decoded, case-insensitively, with or without a trailing slash', () => {
    expect(matchPath('/mychannels/:channelId/:postcardId', '/mychannels/9/12')?.params).toEqual({ channelId: '9', postcardId: '12' });
    expect(matchPath('/greeting/:id', '/greeting/%D0%B0%20b')?.params).toEqual({ id: 'а b' });
    expect(matchPath('/Gallery', '/gallery/')).not.toBeNull();
    expect(matchPath('/mychannels/:channelId', '/mychannels/9/12')).toBeNull();
    expect(matchPath('/mychannels/:channelId', '/mychannels')).toBeNull();
    expect(matchPath('*', '/any/thing')?.params).toEqual({ '*': 'any/thing' });
  });
});

describe('routes, links and params', () => {
  it('renders the matching page inside its layout; a link moves there with its params; the active link says so', () => {
    render(<MemoryRouter initialEntries={['/gallery']}>{app}</MemoryRouter>);
    expect(screen.getByRole('heading')).toHaveTextContent('gallery');
    expect(screen.getByRole('link', { name: 'Gallery' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Gallery' })).toHaveClass('active');
    fireEvent.click(screen.getByRole('link', { name: 'Seven' }));
    expect(screen.getByRole('heading')).toHaveTextContent('card 7');
    expect(where()).toBe('/cards/7?from=gallery');
    expect(screen.getByRole('link', { name: 'Gallery' })).not.toHaveAttribute('aria-current');
    // `end`: /cards is not current on /cards/7
    expect(screen.getByRole('link', { name: 'Cards' })).not.toHaveAttribute('aria-current');
  });

  it('an unknown path falls to the catch-all page', () => {
    render(<MemoryRouter initialEntries={['/nowhere']}>{app}</MemoryRouter>);
    expect(screen.getByRole('heading')).toHaveTextContent('not found');
  });

  it('a click with a modifier is left to the browser (a new tab)', () => {
    render(<MemoryRouter initialEntries={['/gallery']}>{app}</MemoryRouter>);
    fireEvent.click(screen.getByRole('link', { name: 'Seven' }), { ctrlKey: true });
    expect(where()).toBe('/gallery');
  });
});

function Controls() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  return (
    <>
      <p data-testid="tab">{params.get('tab') ?? '-'}</p>
      <button onClick={() => setParams((p) => ({ ...Object.fromEntries(p), tab: 'quests' }), { replace: true })}>quests</button>
      <button onClick={() => setParams(new URLSearchParams(), { replace: true })}>clear</button>
      <button onClick={() => navigate('/cards/3', { state: { from: 'test' } })}>go</button>
      <button onClick={() => navigate(-1)}>back</button>
      <Where />
    </>
  );
}

describe('navigate and the query string', () => {
  it('sets and clears query parameters (no bare "?" left), pushes and goes back', async () => {
    render(
      <MemoryRouter initialEntries={['/game?x=1']}>
        <Controls />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'quests' }));
    expect(where()).toBe('/game?x=1&tab=quests');
    expect(screen.getByTestId('tab')).toHaveTextContent('quests');
    fireEvent.click(screen.getByRole('button', { name: 'clear' }));
    expect(where()).toBe('/game');
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(where()).toBe('/cards/3');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'back' })));
    expect(where()).toBe('/game');
  });

  it('in the browser: each entry records its index from the first (the shell shows a back button when above 0), under the base path', async () => {
    window.history.replaceState(null, '', '/tg/game');
    render(
      <BrowserRouter basename="/tg">
        <Controls />
      </BrowserRouter>,
    );
    expect(where()).toBe('/game');
    expect(window.history.state).toMatchObject({ idx: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(window.location.pathname).toBe('/tg/cards/3');
    expect(window.history.state).toMatchObject({ idx: 1, usr: { from: 'test' } });
    fireEvent.click(screen.getByRole('button', { name: 'quests' }));
    expect(window.location.pathname + window.location.search).toBe('/tg/cards/3?tab=quests');
    expect(window.history.state).toMatchObject({ idx: 1 });
  });
});

function Back({ target, alsoAt }: { target: string; alsoAt?: string[] }) {
  const goBack = useGoBack();
  const navigate = useNavigate();
  return (
    <>
      <button onClick={() => navigate('/cards/3')}>open</button>
      <button onClick={() => goBack(target, alsoAt)}>back</button>
      <button onClick={() => navigate(-1)}>history back</button>
      <Where />
    </>
  );
}

/** Renders a history of `entries`, presses back towards `target`, and tells where it landed. */
function backFrom(entries: string[], target: string, alsoAt?: string[]) {
  render(
    <MemoryRouter initialEntries={entries}>
      <Back target={target} {...(alsoAt ? { alsoAt } : {})} />
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'back' }));
  return where();
}

describe('useGoBack', () => {
  it('steps back when the entry behind shows the target: no new entry, and the first one is reached again', async () => {
    window.history.replaceState(null, '', '/tg/gallery?category=4&tgWebAppStartParam=x');
    render(
      <BrowserRouter basename="/tg">
        <Back target="/gallery?category=4" />
      </BrowserRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(window.history.state).toMatchObject({ idx: 1, prev: '/gallery?category=4&tgWebAppStartParam=x' });
    const length = window.history.length;
    fireEvent.click(screen.getByRole('button', { name: 'back' }));
    await act(() => new Promise((r) => window.addEventListener('popstate', r, { once: true })));
    expect(where()).toBe('/gallery?category=4&tgWebAppStartParam=x');
    expect(window.history.state).toMatchObject({ idx: 0 });
    expect(window.history.length).toBe(length);
  });

  it('puts the target in place of this entry when something else is behind it', () => {
    expect(backFrom(['/bookmarks', '/cards/3'], '/gallery?category=4')).toBe('/gallery?category=4');
    // replaced, not pushed: the entry behind is still the bookmarks
    fireEvent.click(screen.getByRole('button', { name: 'history back' }));
    expect(where()).toBe('/bookmarks');
  });

  it('a listing with another filter is not the target; another path of the same page is, when named', () => {
    expect(backFrom(['/gallery?category=5', '/cards/3'], '/gallery?category=4')).toBe('/gallery?category=4');
    cleanup();
    expect(backFrom(['/', '/cards/3'], '/gallery', ['/'])).toBe('/');
  });
});
