import {
  type ClassroomBody,
  type InstitutionClassroom,
  type InstitutionClassroomList,
} from '@rollbook/contract';
import { institutionClassroomRoutes } from '@rollbook/contract/addresses';
import { api, contractRequest } from '../../lib/api/api';

const withTags = api.enhanceEndpoints({ addTagTypes: ['InstitutionClassrooms'] });

/** The classrooms page's calls (Rollbook additions). */
export const classroomsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    institutionClassrooms: build.query<InstitutionClassroomList, void>({
      query: () => contractRequest(institutionClassroomRoutes.listClassrooms),
      transformResponse: (body: { data: InstitutionClassroomList }) => body.data,
      providesTags: ['InstitutionClassrooms'],
    }),
    createClassroom: build.mutation<InstitutionClassroom, ClassroomBody>({
      query: (body) => contractRequest(institutionClassroomRoutes.createClassroom, { body }),
      transformResponse: (body: { data: InstitutionClassroom }) => body.data,
      // The dialog shows the server's sentence itself, next to the field it names.
      extraOptions: { silent: true },
      invalidatesTags: ['InstitutionClassrooms'],
    }),
    updateClassroom: build.mutation<InstitutionClassroom, { slug: string; body: ClassroomBody }>({
      query: ({ slug, body }) =>
        contractRequest(institutionClassroomRoutes.updateClassroom, {
          params: { classroom_slug: slug },
          body,
        }),
      transformResponse: (body: { data: InstitutionClassroom }) => body.data,
      extraOptions: { silent: true },
      invalidatesTags: ['InstitutionClassrooms'],
    }),
  }),
});

export const { useInstitutionClassroomsQuery, useCreateClassroomMutation, useUpdateClassroomMutation } =
  classroomsApi;
