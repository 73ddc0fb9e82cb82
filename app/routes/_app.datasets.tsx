import { redirect, type LoaderFunctionArgs } from '@remix-run/node';

/** The Knowledge Tomes link is the dashboard's Knowledge Tomes tab. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  url.searchParams.set('tab', 'datasets');
  return redirect(`/dashboard?${url.searchParams.toString()}`);
}
