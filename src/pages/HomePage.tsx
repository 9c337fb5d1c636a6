import { SearchForm } from '../components/SearchForm';

export default function HomePage() {
  return (
    <section className="home" aria-labelledby="home-title">
      <title>Dictionary Reader</title>
      <h1 id="home-title">Look up a word</h1>
      <p className="lead">Search a dictionary, read its entries and follow cross-references from word to word.</p>
      <SearchForm autoFocus />
    </section>
  );
}
