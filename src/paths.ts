// URLs of the app (see DESIGN.md, "URLs of the app").
const segment = encodeURIComponent;

export const searchPath = (database: string, query: string) =>
  `/${segment(database)}/search?${new URLSearchParams({ q: query }).toString()}`;
export const entryPath = (database: string, entryId: string) => `/${segment(database)}/entries/${segment(entryId)}`;
export const definitionPath = (database: string, entryId: string, defId: string) =>
  `${entryPath(database, entryId)}/defs/${segment(defId)}`;
