import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteError } from '@remix-run/react';
import { NavBar } from './components/nav-bar';
import { LiveForms } from './lib/live-forms';
import stylesHref from './styles/app.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesHref },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export const meta: MetaFunction = () => [{ title: 'Tomekeeper' }, { name: 'description', content: 'Your campaign library, lore keeper and AI assistant.' }];

export async function loader({ context }: LoaderFunctionArgs) {
  return { user: context.user ? { username: context.user.username } : null };
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <>
      <NavBar username={user?.username ?? null} />
      <Outlet />
      <LiveForms />
    </>
  );
}

/** The one error boundary: every route's unexpected failure lands here, inside the shell. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A response the server threw on purpose carries its own message (a full disk's 507, say).
  const reason = isRouteErrorResponse(error) && typeof error.data?.error === 'string' ? (error.data.error as string) : null;
  const message =
    status === 404 ? 'This page is not in any tome we keep.' : (reason ?? 'Something went wrong while turning this page. Try again, or go back to the dashboard.');
  const title = status === 404 ? 'Page not found' : status === 507 ? 'Out of storage space' : 'An unexpected misfortune';
  return (
    <main className="page narrow">
      <div className="card error-page">
        <h1>{title}</h1>
        <p>{message}</p>
        <Link className="button" to="/dashboard">
          Back to the dashboard
        </Link>
      </div>
    </main>
  );
}
