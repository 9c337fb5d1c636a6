import { SearchForm } from '../components/SearchForm';
import { usePreferredDatabase } from '../preferences/database';

export default function HomePage() {
  const [database] = usePreferredDatabase(undefined);
  return (
    <section className="home" aria-labelledby="home-title">
      <title>Dictionary Reader</title>
      <h1 id="home-title">Look up a word</h1>
      <p className="lead">
        Search {database ? <b>{database}</b> : 'a dictionary'}, read its entries and follow cross-references from word
        to word.
      </p>
      <SearchForm database={database} autoFocus />
    </section>
  );
}
