import { branches, streams } from '../db/schema';

/** The stream and branch columns that semester and lecture views carry (join streams and branches). */
export const streamBranchColumns = {
  streamId: streams.id,
  streamSlug: streams.slug,
  streamTitle: streams.title,
  streamCode: streams.streamCode,
  branchId: branches.id,
  branchSlug: branches.slug,
  branchName: branches.name,
} as const;
