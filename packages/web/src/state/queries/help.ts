/** Help, customer service and the about/agreement texts (all editable on the server). */
import { appHelpCall, initKefuCall, initTxtCall } from '@dm51/shared/call-refs';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

export function useHelp() {
  return useQuery({
    queryKey: ['help', 'faq'],
    queryFn: ({ signal }) => callApi(appHelpCall, {}, { signal }),
  });
}

export function useKefu() {
  return useQuery({
    queryKey: ['help', 'kefu'],
    queryFn: ({ signal }) => callApi(initKefuCall, {}, { signal }),
  });
}

export function useText(name: 'about' | 'agreement') {
  return useQuery({
    queryKey: ['help', 'txt', name],
    queryFn: ({ signal }) => callApi(initTxtCall, { name }, { signal }),
  });
}
