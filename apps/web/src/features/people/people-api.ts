import {
  institutionPeopleRoutes as routes,
  type AddedPerson,
  type AddPersonBody,
  type EditPersonBody,
  type InvitationResult,
  type PeopleOptions,
  type PeoplePage,
  type PersonRole,
  type PersonStatus,
  type Person,
  type PlaceStudentBody,
  type StudentPlacement,
} from '@rollbook/contract';
import { api, contractRequest } from '../../lib/api/api';

interface Wrapped<T> {
  data: T;
}

/** What the People page asks the list for; empty filters are left out of the query string. */
export interface PeopleListArgs {
  q: string;
  role: PersonRole | '';
  status: PersonStatus | '';
  page: number;
}

function listQuery(args: PeopleListArgs): Record<string, string | number> {
  return {
    ...(args.q.trim() ? { q: args.q.trim() } : {}),
    ...(args.role ? { role: args.role } : {}),
    ...(args.status ? { status: args.status } : {}),
    page: args.page,
  };
}

/**
 * The people calls (Rollbook's /institution/people). The add and edit dialog and the placement
 * dialog show their own errors, so their calls are silent; the row actions let the base query toast.
 */
export const peopleApi = api.enhanceEndpoints({ addTagTypes: ['People', 'Placement'] }).injectEndpoints({
  endpoints: (build) => ({
    peopleList: build.query<PeoplePage, PeopleListArgs>({
      query: (args) => contractRequest(routes.list, { query: listQuery(args) }),
      transformResponse: (body: Wrapped<PeoplePage>) => body.data,
      providesTags: ['People'],
    }),
    peopleOptions: build.query<PeopleOptions, void>({
      query: () => contractRequest(routes.options),
      transformResponse: (body: Wrapped<PeopleOptions>) => body.data,
    }),
    addPerson: build.mutation<AddedPerson, AddPersonBody>({
      query: (body) => contractRequest(routes.add, { body }),
      transformResponse: (body: Wrapped<AddedPerson>) => body.data,
      invalidatesTags: ['People'],
      extraOptions: { silent: true },
    }),
    editPerson: build.mutation<Person, { slug: string; body: EditPersonBody }>({
      query: ({ slug, body }) => contractRequest(routes.edit, { params: { person_slug: slug }, body }),
      transformResponse: (body: Wrapped<Person>) => body.data,
      invalidatesTags: ['People'],
      extraOptions: { silent: true },
    }),
    deactivatePerson: build.mutation<Person, string>({
      query: (slug) => contractRequest(routes.deactivate, { params: { person_slug: slug } }),
      transformResponse: (body: Wrapped<Person>) => body.data,
      invalidatesTags: ['People'],
    }),
    reactivatePerson: build.mutation<Person, string>({
      query: (slug) => contractRequest(routes.reactivate, { params: { person_slug: slug } }),
      transformResponse: (body: Wrapped<Person>) => body.data,
      invalidatesTags: ['People'],
    }),
    invitePerson: build.mutation<Person, string>({
      query: (slug) => contractRequest(routes.invite, { params: { person_slug: slug } }),
      transformResponse: (body: Wrapped<Person>) => body.data,
      invalidatesTags: ['People'],
    }),
    inviteNotSignedIn: build.mutation<InvitationResult, void>({
      query: () => contractRequest(routes.inviteNotSignedIn),
      transformResponse: (body: Wrapped<InvitationResult>) => body.data,
      invalidatesTags: ['People'],
    }),
    studentPlacement: build.query<StudentPlacement, string>({
      query: (slug) => contractRequest(routes.placement, { params: { person_slug: slug } }),
      transformResponse: (body: Wrapped<StudentPlacement>) => body.data,
      providesTags: (_result, _error, slug) => [{ type: 'Placement', id: slug }],
      // Dropped when the dialog closes, so it always opens on where the student is now.
      keepUnusedDataFor: 0,
      extraOptions: { silent: true },
    }),
    placeStudent: build.mutation<StudentPlacement, { slug: string; body: PlaceStudentBody }>({
      query: ({ slug, body }) => contractRequest(routes.place, { params: { person_slug: slug }, body }),
      transformResponse: (body: Wrapped<StudentPlacement>) => body.data,
      // Only a placement that was made changes what the page shows.
      invalidatesTags: (result, _error, { slug }) =>
        result ? ['People', { type: 'Placement', id: slug }] : [],
      extraOptions: { silent: true },
    }),
  }),
});

export const {
  usePeopleListQuery,
  usePeopleOptionsQuery,
  useAddPersonMutation,
  useEditPersonMutation,
  useDeactivatePersonMutation,
  useReactivatePersonMutation,
  useInvitePersonMutation,
  useInviteNotSignedInMutation,
  useStudentPlacementQuery,
  usePlaceStudentMutation,
} = peopleApi;
