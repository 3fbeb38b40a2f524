import {
  MASTER_TIMETABLE_FILE_FIELD,
  type DivisionOption,
  type DivisionTimetable,
  type Stream,
} from '@rollbook/contract';
import {
  catalogueRoutes,
  divisionRoutes,
  timetableExtensionRoutes,
  timetableRoutes,
} from '@rollbook/contract/addresses';
import { api, contractRequest } from '../../lib/api/api';

/** The shipped sample timetables that the upload form offers (the CSV originals). */
export function sampleCsvNames(names: readonly string[]): string[] {
  return names.filter((name) => name.endsWith('.csv'));
}

interface Listed<T> {
  data: T;
}

/**
 * The master timetable calls (contract §9.1, §10.6-§10.8) plus the sample files. Failures of the
 * upload are shown by the form itself (the issues list), so that call is silent.
 */
export const timetableApi = api.enhanceEndpoints({ addTagTypes: ['MasterTimetable'] }).injectEndpoints({
  endpoints: (build) => ({
    getTimetableStreams: build.query<Stream[], void>({
      query: () => contractRequest(catalogueRoutes.getStreams),
      transformResponse: (response: Listed<Stream[]>) => response.data,
      providesTags: ['MasterTimetable'],
    }),
    getTimetableDivisions: build.query<DivisionOption[], string>({
      query: (streamSlug) =>
        contractRequest(divisionRoutes.getDivisionsFromStream, { params: { stream_slug: streamSlug } }),
      transformResponse: (response: Listed<DivisionOption[]>) => response.data,
      providesTags: ['MasterTimetable'],
    }),
    getDivisionTimetable: build.query<DivisionTimetable, string>({
      query: (divisionSlug) =>
        contractRequest(timetableRoutes.getTimetable, { params: { division_slug: divisionSlug } }),
      transformResponse: (response: Listed<DivisionTimetable>) => response.data,
      providesTags: ['MasterTimetable'],
    }),
    /**
     * Whether any division of the admin's streams has a lecture: there is no dedicated call, so it
     * walks streams, divisions and timetables and stops at the first lecture found.
     */
    hasMasterTimetable: build.query<boolean, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const streams = await baseQuery(contractRequest(catalogueRoutes.getStreams));
        if (streams.error) return { error: streams.error };
        for (const stream of (streams.data as Listed<Stream[]>).data) {
          const divisions = await baseQuery(
            contractRequest(divisionRoutes.getDivisionsFromStream, { params: { stream_slug: stream.slug } }),
          );
          if (divisions.error) return { error: divisions.error };
          for (const division of (divisions.data as Listed<DivisionOption[]>).data) {
            const week = await baseQuery(
              contractRequest(timetableRoutes.getTimetable, { params: { division_slug: division.slug } }),
            );
            if (week.error) return { error: week.error };
            const { schedules } = (week.data as Listed<DivisionTimetable>).data;
            if (schedules.some((day) => day.lectures.length > 0)) return { data: true };
          }
        }
        return { data: false };
      },
      providesTags: ['MasterTimetable'],
    }),
    uploadMasterTimetable: build.mutation<void, File>({
      query: (file) => {
        const form = new FormData();
        form.append(MASTER_TIMETABLE_FILE_FIELD, file, file.name);
        return contractRequest(timetableRoutes.uploadMasterTimetable, { body: form });
      },
      transformResponse: () => undefined,
      invalidatesTags: ['MasterTimetable'],
      // The form shows its own busy label and the problems list.
      extraOptions: { silent: true, skipLoader: true },
    }),
    getTimetableSamples: build.query<string[], void>({
      query: () => contractRequest(timetableExtensionRoutes.getSampleNames),
      transformResponse: (response: Listed<string[]>) => sampleCsvNames(response.data),
    }),
    downloadTimetableSample: build.mutation<string, string>({
      query: (name) => ({
        ...contractRequest(timetableExtensionRoutes.getSampleFile, { params: { name } }),
        // Text when it succeeds; an error answer is the JSON envelope, read so its message is shown.
        responseHandler: 'content-type',
      }),
    }),
  }),
});

export const {
  useGetTimetableStreamsQuery,
  useGetTimetableDivisionsQuery,
  useGetDivisionTimetableQuery,
  useHasMasterTimetableQuery,
  useUploadMasterTimetableMutation,
  useGetTimetableSamplesQuery,
  useDownloadTimetableSampleMutation,
} = timetableApi;
