/**
 * The search limits as plain numbers: the client's search field reads them without loading zod
 * with search-schemas.ts (the /history page's first load, decision 281).
 */

/** Longest search text accepted; longer input is a paste, not a query. */
export const SEARCH_QUERY_MAX = 200;
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;
/** Results reachable by paging; ranked search past this depth is noise. */
export const SEARCH_OFFSET_MAX = 1000;
