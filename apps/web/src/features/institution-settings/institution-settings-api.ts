import { type InstitutionSettings, type UpdateInstitutionSettingsBody } from '@rollbook/contract';
import { institutionSettingsRoutes } from '@rollbook/contract/addresses';
import { api, contractRequest } from '../../lib/api/api';

/** The institution settings page's calls (Rollbook additions). */
export const institutionSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    institutionSettings: build.query<InstitutionSettings, void>({
      query: () => contractRequest(institutionSettingsRoutes.getSettings),
      transformResponse: (body: { data: InstitutionSettings }) => body.data,
    }),
    updateInstitutionSettings: build.mutation<InstitutionSettings, UpdateInstitutionSettingsBody>({
      query: (body) => contractRequest(institutionSettingsRoutes.updateSettings, { body }),
      transformResponse: (body: { data: InstitutionSettings }) => body.data,
      // The form shows the server's sentence itself, next to the field it names.
      extraOptions: { silent: true },
      // The answer is the settings now in force: the page shows them without asking again.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data)
          dispatch(institutionSettingsApi.util.updateQueryData('institutionSettings', undefined, () => data));
      },
    }),
  }),
});

export const { useInstitutionSettingsQuery, useUpdateInstitutionSettingsMutation } = institutionSettingsApi;
