import { useBookmark, type Place } from '../saved/saved';

/** Bookmarks an entry or one definition, or removes the bookmark; the star shows which. */
export function BookmarkButton({ place, label }: { place: Place; label: string }) {
  const { bookmarked, toggle } = useBookmark(place);
  return (
    <button
      type="button"
      className="link-button bookmark"
      aria-pressed={bookmarked}
      aria-label={label}
      onClick={toggle}
    >
      <span aria-hidden="true" className="bookmark-star">
        {bookmarked ? '★' : '☆'}
      </span>{' '}
      <span className="bookmark-text">Bookmark</span>
    </button>
  );
}
