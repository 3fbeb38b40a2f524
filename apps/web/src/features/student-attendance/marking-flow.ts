/**
 * Where the marking flow (`mark-attendance.ts`) comes from: a chunk of its own, outside the page's
 * first load (issue 19's budget). `useMarking` starts fetching it once the page shows, so a mark
 * rarely waits for it and a phone that loses its connection after the page loaded still has it;
 * each mark awaits it again (the module system keeps a loaded module, and fetches again after a
 * failure). In an object so a unit test can make the fetch fail with `vi.spyOn`; the app never
 * swaps it.
 */
export const markingFlowChunk = { load: () => import('./mark-attendance') };
