import { NotFound } from '../components/RouteError';

export default function NotFoundPage() {
  return <NotFound />;
}
