// URLs of the app (see DESIGN.md, "URLs of the app").
const segment = encodeURIComponent;

/** The search page: for the search box's query, or with any parameters (the advanced search's fields). */
export const searchPath = (database: string, query: string | URLSearchParams = new URLSearchParams()) => {
  const params = typeof query === 'string' ? new URLSearchParams({ q: query }) : query;
  return `/${segment(database)}/search${params.size ? `?${params.toString()}` : ''}`;
};
export const entryPath = (database: string, entryId: string) => `/${segment(database)}/entries/${segment(entryId)}`;
export const definitionPath = (database: string, entryId: string, defId: string) =>
  `${entryPath(database, entryId)}/defs/${segment(defId)}`;
