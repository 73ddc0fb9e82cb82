import { Form, NavLink, useLocation, useRouteLoaderData } from '@remix-run/react';
import type { SignedInLoader } from '~/routes/_app';

const LINKS = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/assistant', label: 'Campaign Assistant' },
  { to: '/datasets', label: 'Knowledge Tomes' },
  { to: '/timeline', label: 'Timeline' },
  { to: '/concept-map', label: 'Concept Map' },
];
/**
 * Someone who only plays: their campaigns and the Assistant; the timeline and the concept map open
 * their campaign's player view (the screens redirect). No Knowledge Tomes: they keep none.
 */
const PLAYER_LINKS = [
  { to: '/dashboard', label: 'Your campaigns' },
  { to: '/assistant', label: 'Campaign Assistant' },
  { to: '/timeline', label: 'Timeline' },
  { to: '/concept-map', label: 'Concept Map' },
];

/**
 * The leather spine across the top. On phones the links fold behind a Menu toggle: a checkbox
 * and its label, so it opens without JavaScript; it closes again on every navigation.
 */
export function NavBar({ username }: { username: string | null }) {
  const location = useLocation();
  const links = useRouteLoaderData<SignedInLoader>('routes/_app')?.playsOnly ? PLAYER_LINKS : LINKS;
  return (
    <header className="nav">
      <NavLink to={username ? '/dashboard' : '/login'} className="brand" aria-label="Tomekeeper home">
        <span className="brand-mark" aria-hidden="true">
          ❦
        </span>
        Tomekeeper
      </NavLink>
      <input type="checkbox" id="nav-toggle" className="nav-toggle" key={location.pathname + location.search} aria-controls="nav-collapse" />
      <label htmlFor="nav-toggle" className="nav-menu-button">
        Menu
      </label>
      <div className="nav-collapse" id="nav-collapse">
        <nav aria-label="Main">
          {username ? (
            <ul className="nav-links">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to}>{link.label}</NavLink>
                </li>
              ))}
            </ul>
          ) : (
            <ul className="nav-links">
              <li>
                <NavLink to="/login">Login</NavLink>
              </li>
              <li>
                <NavLink to="/register">Register</NavLink>
              </li>
            </ul>
          )}
        </nav>
        {username && (
          <div className="nav-user">
            <NavLink to="/account" className="nav-username" data-testid="nav-username" aria-label={`Account: ${username}`}>
              {username}
            </NavLink>
            <Form method="post" action="/logout">
              <button type="submit" className="link-button">
                Logout
              </button>
            </Form>
          </div>
        )}
      </div>
    </header>
  );
}
