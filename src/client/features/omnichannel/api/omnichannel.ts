import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '#client/lib/http.ts';
import { notifyError } from '#client/lib/notify.ts';
import {
  BrandListSchema,
  BrandSchema,
  type BrandInput,
} from '#shared/omnichannel/brand-schemas.ts';
import {
  ChannelListSchema,
  ChannelSchema,
  type ChannelInput,
  type ChannelPatch,
} from '#shared/omnichannel/channel-schemas.ts';

const BRANDS = '/api/omnichannel/brands';
const BRANDS_KEY = 'omnichannel-brands';
const CHANNELS_KEY = 'omnichannel-channels';

/** GET /api/omnichannel/brands. */
export function useBrands() {
  return useQuery({
    queryKey: [BRANDS_KEY],
    queryFn: async () =>
      (await readJson(await apiRequest('GET', BRANDS), () => BrandListSchema))?.items ?? [],
  });
}

/** Create (no id) or change a brand; the list is read again afterwards. */
export function useSaveBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ brandId, input }: { brandId?: string; input: BrandInput }) => {
      const response = await apiRequest(
        brandId ? 'PATCH' : 'POST',
        brandId ? `${BRANDS}/${brandId}` : BRANDS,
        input,
      );
      return readJson(response, () => BrandSchema);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [BRANDS_KEY] }),
  });
}

/** Deletes a brand; a failure is told in a toast, as the button has no place for it. */
export function useDeleteBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (brandId: string) => apiRequest('DELETE', `${BRANDS}/${brandId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [BRANDS_KEY] }),
    onError: (error) => notifyError(error),
  });
}

/** GET …/brands/{brandId}/channels. */
export function useChannels(brandId: string) {
  return useQuery({
    queryKey: [CHANNELS_KEY, brandId],
    queryFn: async () =>
      (
        await readJson(
          await apiRequest('GET', `${BRANDS}/${brandId}/channels`),
          () => ChannelListSchema,
        )
      )?.items ?? [],
  });
}

/** Create a channel, or change one (secrets are write-only: only those typed are sent). */
export function useSaveChannel(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      change:
        { channelId?: undefined; input: ChannelInput } | { channelId: string; input: ChannelPatch },
    ) => {
      const path = `${BRANDS}/${brandId}/channels`;
      const response = change.channelId
        ? await apiRequest('PATCH', `${path}/${change.channelId}`, change.input)
        : await apiRequest('POST', path, change.input);
      return readJson(response, () => ChannelSchema);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CHANNELS_KEY, brandId] }),
  });
}

/** Deletes a channel; a failure is told in a toast. */
export function useDeleteChannel(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channelId: string) =>
      apiRequest('DELETE', `${BRANDS}/${brandId}/channels/${channelId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CHANNELS_KEY, brandId] }),
    onError: (error) => notifyError(error),
  });
}
