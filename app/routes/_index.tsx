import { redirect, type LoaderFunctionArgs } from '@remix-run/node';

export async function loader({ context }: LoaderFunctionArgs) {
  return redirect(context.user ? '/dashboard' : '/login');
}
