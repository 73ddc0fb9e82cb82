import { Form, NavLink } from '@remix-run/react';

const LINKS = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/assistant', label: 'Campaign Assistant' },
  { to: '/datasets', label: 'Tome Collections' },
  { to: '/timeline', label: 'Timeline' },
  { to: '/concept-map', label: 'Concept Map' },
];

export function NavBar({ username }: { username: string | null }) {
  return (
    <header className="nav">
      <NavLink to={username ? '/dashboard' : '/login'} className="brand" aria-label="Tomekeeper home">
        <span className="brand-mark" aria-hidden="true">
          ❦
        </span>
        Tomekeeper
      </NavLink>
      <nav aria-label="Main">
        {username ? (
          <ul className="nav-links">
            {LINKS.map((link) => (
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
          <span className="nav-username" data-testid="nav-username">
            {username}
          </span>
          <Form method="post" action="/logout">
            <button type="submit" className="link-button">
              Logout
            </button>
          </Form>
        </div>
      )}
    </header>
  );
}
